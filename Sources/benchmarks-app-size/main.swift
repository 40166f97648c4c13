// The catalogue's executable with the app's size as a knob: `scripts/app-size.sh` writes N types
// conforming to `AppSizePadding` into Padding/ (git-ignored; none in a clone). A type's first
// decode asks the runtime whether types conform to protocols (JSONDecoder's casts, generic
// requirements), and each question the runtime has not cached scans the conformance records of
// every image in the process, so a first decode in a large app costs more than in a small one.
import Catalogue
import CodableBench
import Foundation

/// What the padding types conform to: a protocol with no requirements, so each type adds one
/// conformance record and almost no code. Public: whole-module optimization drops internal types
/// that nothing uses, and their records with them.
public protocol AppSizePadding {}

/// How many padding types there are: the generated file declares `AppSize.paddingTypes`, which
/// wins over this default of none.
protocol AppSizeCount {}
extension AppSizeCount {
    static var paddingTypes: Int { 0 }
}
enum AppSize: AppSizeCount {}

// The run records it (run.json's extraConformances), so its claims are judged as a large app's.
if AppSize.paddingTypes > 0 {
    SystemCalls.setEnvironmentVariable(RunJSON.extraConformancesVariable, "\(AppSize.paddingTypes)")
}
CommandLineTool.main(strategies: Catalogue.all, claims: ["Data/claims.json"])
