import AnyJSON
import CodableBench
import CompositionAndInheritance
import Database
import Corpora
import DatesAndNumbers
import DictionaryPath
import DynamicValues
import Encoding
import Enums
import HarnessSelfTest
import KeyMapping
import LossyArrays
import MissingAndDefaults
import References
import SynthesizedVsHandwritten

/// Every built-in strategy, in the order `list` and runs show them. A new group: add its target in
/// Package.swift (`strategyTargets`) and its `all` here.
public enum Catalogue {
    public static let all: [Strategy] =
        SynthesizedVsHandwrittenStrategies.all
        + KeyMappingStrategies.all
        + DictionaryPathStrategies.all
        + LossyArraysStrategies.all
        + MissingAndDefaultsStrategies.all
        + DynamicValuesStrategies.all
        + DatesAndNumbersStrategies.all
        + EnumsStrategies.all
        + CompositionAndInheritanceStrategies.all
        + EncodingStrategies.all
        + DatabaseStrategies.all
        + AnyJSONStrategies.all
        + CorporaStrategies.all
        + ReferenceStrategies.all
        + HarnessSelfTestStrategies.all
        + PairedSelfTest.all
}
