import Catalogue
import CodableBench

CommandLineTool.main(strategies: Catalogue.all)
