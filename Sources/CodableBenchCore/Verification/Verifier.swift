import Foundation

/// Compares a strategy's canonical output with the generator's ground truth, before any timing.
package enum Verifier {
    /// Runs the strategy's verification decode on the payload and judges the result: against the
    /// generator's truth, or, for outputs the truth does not describe (a JSON value, a document
    /// view, your own model), against the group `reference`'s output on the same bytes.
    package static func verify(_ strategy: Strategy, on payload: GeneratedPayload, reference: Strategy? = nil) -> VerifiedOutcome {
        let result = Result { try strategy.decodeForVerification(payload.bytes) }
        if case .success(let output) = result, output.isJudgedByReference {
            return compare(output, of: strategy, with: reference, bytes: payload.bytes)
        }
        return judge(strategy: strategy, payload: payload, result: result)
    }

    /// Verification without ground truth, for a payload file: outputs are compared with the group
    /// reference's (document views also with the document); parse-only references must complete.
    package static func verify(_ strategy: Strategy, bytes: Data, reference: Strategy?) -> VerifiedOutcome {
        switch Result(catching: { try strategy.decodeForVerification(bytes) }) {
        case .failure(let error as UnsupportedTechnique):
            return VerifiedOutcome(.unsupported, error.description)
        case .failure(let error):
            return VerifiedOutcome(.threw, DecodingErrorDescription.oneLine(error))
        case .success(.processedBytes(let count)):
            return processed(count, of: bytes.count)
        case .success(.articleCount):
            return VerifiedOutcome(.ok)  // a parse-only reference: nothing to count against in a file
        case .success(let output) where output.isJudgedByReference:
            return compare(output, of: strategy, with: reference, bytes: bytes)
        case .success:
            return VerifiedOutcome(.unsupported, "this strategy decodes the generator's news model; a file has no truth for it")
        }
    }

    /// An output against the document itself (a JSON value must equal it; a view must be a
    /// sub-tree of it) and against the reference's output on the same bytes (views and your own
    /// values). The document is read by the exact parser, which is not among the measured readers.
    static func compare(_ output: CanonicalOutput, of strategy: Strategy, with reference: Strategy?, bytes: Data) -> VerifiedOutcome {
        switch output {
        case .json(let value), .documentView(let value):
            let document: JSONValue
            do { document = try JSONValue.parse(bytes) } catch {
                return VerifiedOutcome(.unsupported, "the payload is not strict JSON (\(error)), so the reading cannot be checked")
            }
            if case .json = output {
                if value == document { return VerifiedOutcome(.ok) }
                return wrongOutput(JSONValueDifference.find(expected: document, actual: value, path: ""), vs: "the document")
            }
            if let mismatch = DocumentViewCheck.firstMismatch(view: value, document: document) {
                return wrongOutput(mismatch, vs: "the document")
            }
        default:
            break
        }
        guard let reference, reference.id != strategy.id else { return VerifiedOutcome(.ok) }
        guard case .success(let expected) = Result(catching: { try reference.decodeForVerification(bytes) }) else {
            return VerifiedOutcome(.unsupported, "the reference \(reference.id) could not read this payload")
        }
        switch (expected, output) {
        case let (.documentView(e), .documentView(a)):
            if e == a { return VerifiedOutcome(.ok) }
            return wrongOutput(JSONValueDifference.find(expected: e, actual: a, path: ""), vs: reference.id)
        case let (.value(e), .value(a)):
            if e == a { return VerifiedOutcome(.ok) }
            return wrongOutput(FirstDifference.find(expected: e.value, actual: a.value, renamingKeys: false), vs: reference.id)
        default:
            return VerifiedOutcome(.unsupported, "the reference \(reference.id) gives another kind of output")
        }
    }

    /// `wrong-output` naming the first difference against `vs` (a difference at the top level reads
    /// `(root): …`).
    private static func wrongOutput(_ difference: String?, vs: String) -> VerifiedOutcome {
        let path = difference.map { $0.hasPrefix(":") ? "(root)" + $0 : $0 } ?? "differs"
        return VerifiedOutcome(.wrongOutput, path + " (vs \(vs))")
    }

    /// A reference that only reports how many bytes it processed: all of them.
    private static func processed(_ count: Int, of total: Int) -> VerifiedOutcome {
        count == total ? VerifiedOutcome(.ok) : VerifiedOutcome(.wrongOutput, "processed \(count) bytes of \(total)")
    }

    static func judge(
        strategy: Strategy, payload: GeneratedPayload,
        result: Result<CanonicalOutput, Error>
    ) -> VerifiedOutcome {
        let faults = payload.manifest.faults
        // Values a client's enum does not know are legitimate JSON, but a strict technique may
        // refuse them: throwing is then the expected outcome, and so is decoding them correctly.
        let hasAnomalies = !faults.isEmpty || !payload.manifest.unknownSectionIndices.isEmpty
        switch result {
        case .failure(let error as UnsupportedTechnique):
            return VerifiedOutcome(.unsupported, error.description)
        case .failure(let error):
            let description = DecodingErrorDescription.oneLine(error)
            if strategy.contract == .strict && hasAnomalies {
                return VerifiedOutcome(.threwAsExpected, description)
            }
            return VerifiedOutcome(.threw, description)

        case .success(.json), .success(.documentView), .success(.value):
            return VerifiedOutcome(.unsupported, "this output is verified against the group reference")

        case .success(.processedBytes(let count)):
            return processed(count, of: payload.bytes.count)

        case .success(.articleCount(let count)):
            return count == payload.manifest.elements
                ? VerifiedOutcome(.ok)
                : VerifiedOutcome(.wrongOutput, "data.articles: expected \(payload.manifest.elements) elements, got \(count)")

        case .success(.written(let readBack, let bytes, let nulls, let nilKeys)):
            var verdict = judge(strategy: strategy, payload: payload, result: .success(readBack))
            guard verdict.outcome == .ok else { return verdict }
            let nilOptionals = payload.truth.strictExpectation.nilOptionalCount
            switch nilKeys {
            case .omitted where nulls != 0:
                return VerifiedOutcome(.wrongOutput, "wrote \(nulls) null values; nil optionals must be left out")
            case .writtenAsNull where nulls != nilOptionals:
                return VerifiedOutcome(
                    .wrongOutput, "wrote \(nulls) null values for \(nilOptionals) nil optionals (one null each expected)")
            default:
                verdict = VerifiedOutcome(.ok, "wrote \(bytes) bytes per operation")
                verdict.outputBytes = bytes
                return verdict
            }

        case .success(.feedWithExt(let feed, let ext)):
            let verdict = judge(strategy: strategy, payload: payload, result: .success(.feed(feed)))
            guard verdict.outcome == .ok else { return verdict }
            let expected =
                strategy.contract == .lossy
                ? payload.truth.lossyExt(payload.manifest) : payload.truth.ext
            if ext == expected { return VerifiedOutcome(.ok) }
            for (index, (e, a)) in zip(expected, ext).enumerated() where e != a {
                let path = "data.articles[\(index)].ext"
                return VerifiedOutcome(.wrongOutput, JSONValueDifference.find(expected: e, actual: a, path: path) ?? path)
            }
            return VerifiedOutcome(.wrongOutput, "ext: expected \(expected.count) objects, got \(ext.count)")

        case .success(.feedWithKinds(let feed, let kinds)):
            let verdict = judge(strategy: strategy, payload: payload, result: .success(.feed(feed)))
            guard verdict.outcome == .ok else { return verdict }
            for (index, (e, a)) in zip(payload.truth.kinds, kinds).enumerated() where e != a {
                return VerifiedOutcome(.wrongOutput, "data.articles[\(index)].kind: expected \(e), got \(a)")
            }
            return kinds.count == payload.truth.kinds.count
                ? VerifiedOutcome(.ok) : VerifiedOutcome(.wrongOutput, "kinds: expected \(payload.truth.kinds.count), got \(kinds.count)")

        case .success(.feed(let feed)):
            if strategy.contract == .strict, let first = faults.first {
                return VerifiedOutcome(
                    .wrongOutput,
                    "did not throw although \(faults.count) elements are malformed "
                        + "(first: data.articles[\(first.index)].\(first.key), \(first.kind.rawValue))")
            }
            let expected =
                strategy.contract == .lossy
                ? payload.truth.lossyExpectation(payload.manifest)
                : payload.truth.strictExpectation
            if feed == expected { return VerifiedOutcome(.ok) }
            let difference =
                FirstDifference.find(expected: expected, actual: feed)
                ?? "differs from the truth (no path found)"
            return VerifiedOutcome(.wrongOutput, difference)
        }
    }
}
