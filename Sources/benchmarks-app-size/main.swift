// The catalogue's executable with the app's size as a knob: `scripts/app-size.sh` writes N types
// conforming to `AppSizePadding` into Padding/ (git-ignored; none in a clone). A type's first
// decode asks the runtime whether types conform to protocols (JSONDecoder's casts, generic
// metadata), and each question the runtime has not cached scans the conformance records of every
// image in the process, so a first decode in a large app costs more than in a small one.
import Catalogue
import CodableBench

/// What the padding types conform to: a protocol with no requirements, so each type adds one
/// conformance record and almost no code.
public protocol AppSizePadding {}

CommandLineTool.main(strategies: Catalogue.all, claims: ["Data/claims.json"])
