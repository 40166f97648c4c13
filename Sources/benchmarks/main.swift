import Catalogue
import CodableBench

CommandLineTool.main(strategies: Catalogue.all, claims: ["Data/claims.json"])
