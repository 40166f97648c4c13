import CodableBenchCore

/// Who is paired with whom in one lockstep comparison (every strategy on one payload), and in
/// which order the parent asks the workers for samples.
///
/// Each strategy's yardstick is the one it declares when present (the plain technique a reader
/// compares it with), else its group's reference on this payload; each group reference's is
/// the comparison's anchor, the reference of the first group present (in the catalogue,
/// `synthesized`), so that questions across groups (the dictionary path against Codable) are paired
/// too. A round runs one block per (strategy, yardstick) pair, the blocks in shuffled order; a block
/// alternates the two, `Y S Y S … Y`, so every strategy sample sits between two samples of its
/// yardstick, milliseconds apart.
///
/// Why blocks, and why a block's first strategy sample is not a pair: a process that ran a moment
/// ago decodes faster than one that last ran a whole round ago (figures: Notebook, "Figures behind the code"). Inside a block, from its second strategy sample on, the
/// strategy and both yardstick samples around it each last ran two samples earlier.
struct LockstepSchedule: Equatable, Sendable {
    /// Index of each member's yardstick, nil for the anchor and for members without one (their
    /// group has no reference on this payload).
    let yardstick: [Int?]

    /// `members` in the comparison's order: (id, group, is the group's reference, declared
    /// yardstick). A declared yardstick present in the comparison wins over the group's reference.
    init(members: [(id: String, group: String, isReference: Bool, yardstick: String?)]) {
        var groupReference: [String: Int] = [:]
        for (index, member) in members.enumerated() where member.isReference && groupReference[member.group] == nil {
            groupReference[member.group] = index
        }
        let anchor = members.firstIndex { groupReference[$0.group] != nil }.flatMap { groupReference[members[$0].group] }
        yardstick = members.enumerated().map { index, member in
            if let declared = member.yardstick, let y = members.firstIndex(where: { $0.id == declared }), y != index {
                return y
            }
            if let reference = groupReference[member.group], reference != index { return reference }
            if groupReference[member.group] == index, let anchor, anchor != index { return anchor }
            return nil
        }
    }

    init(yardstick: [Int?]) {
        self.yardstick = yardstick
    }

    /// The order of one round's samples over the `active` members: `samplesPerBlock` samples of
    /// each strategy in its block. `shuffle` reorders an array in place (the run's random source;
    /// tests pass the identity).
    ///
    /// The blocks of one yardstick run one after another (the yardsticks in the order the shuffle
    /// first meets them, each one's blocks in shuffled order), and where two meet they share the
    /// yardstick sample: `Y S Y S Y T Y T Y`. The sample that would open the second block only
    /// warmed up a yardstick that ran a moment ago, and is never part of a pair; most strategies
    /// share one yardstick, so this saves nearly one sample in five.
    ///
    /// Pass the generation's members as `active`: after the stopping rule's floor, a generation
    /// samples only the ratios still short of the target (`focused`).
    func round(active: Set<Int>, samplesPerBlock: Int, shuffle: (inout [Int]) -> Void) -> [Int] {
        var blocks: [[Int]] = []
        var paired = Set<Int>()
        for member in active.sorted() {
            guard let y = yardstick[member], active.contains(y) else { continue }
            blocks.append(Array([[Int]](repeating: [y, member], count: samplesPerBlock).joined()) + [y])
            paired.formUnion([member, y])
        }
        // Members with nothing to be paired with: sampled once a round, with no ratio.
        blocks += active.subtracting(paired).sorted().map { [$0] }
        var order = Array(blocks.indices)
        shuffle(&order)
        // Each yardstick's blocks together, in the order the shuffle gave them.
        var yardsticks: [Int] = []
        var blocksOf: [Int: [Int]] = [:]
        for index in order {
            let y = blocks[index][0]
            if blocksOf[y] == nil { yardsticks.append(y) }
            blocksOf[y, default: []].append(index)
        }
        var sequence: [Int] = []
        for index in yardsticks.flatMap({ blocksOf[$0]! }) {
            let block = blocks[index]
            let shared = block.count > 1 && sequence.last == block[0]
            sequence += shared ? block.dropFirst() : block[...]
        }
        return sequence
    }

    /// The members a generation samples once the stopping rule judges the ratios: those in `short`
    /// (their ratio still wider than the target) and the yardsticks they are paired with, among
    /// the `active` ones. A ratio within the target needs no more samples, and leaving its members
    /// out makes each later generation cheaper (fewer workers to start, a shorter round), so the
    /// budget buys the short ratios more generations.
    func focused(on short: Set<Int>, active: Set<Int>) -> Set<Int> {
        var sampled = short.intersection(active)
        for member in sampled {
            if let y = yardstick[member], active.contains(y) { sampled.insert(y) }
        }
        return sampled
    }

    /// The pair of every member sample that sits between two samples of its yardstick, the
    /// member having run two samples before (`S Y [S] Y`), by member: `sequence` is one
    /// generation's samples in the order they were taken.
    /// A pair's state is its three samples' (`HostState`): quiet where all three were, contended
    /// where any was, nil where any has none.
    func pairs(_ sequence: [(member: Int, nanosecondsPerDecode: Double, state: HostState?)]) -> [Int: [Pair]] {
        var pairs: [Int: [Pair]] = [:]
        guard sequence.count >= 4 else { return pairs }
        for i in 2..<(sequence.count - 1) {
            let member = sequence[i].member
            guard let y = yardstick[member], sequence[i - 2].member == member, sequence[i - 1].member == y,
                sequence[i + 1].member == y
            else { continue }
            let states = sequence[(i - 1)...(i + 1)].map(\.state)
            let state: HostState? =
                states.contains(nil) ? nil : states.contains(.contended) ? .contended : .quiet
            pairs[member, default: []].append(
                Pair(
                    sample: sequence[i].nanosecondsPerDecode, before: sequence[i - 1].nanosecondsPerDecode,
                    after: sequence[i + 1].nanosecondsPerDecode, state: state))
        }
        return pairs
    }
}
