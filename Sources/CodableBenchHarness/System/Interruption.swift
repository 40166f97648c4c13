import Foundation
import CodableBenchCore

/// A run asked to stop by a signal. The first Ctrl-C (or SIGTERM, SIGHUP) of a run that can finish
/// short ends its sampling: every comparison is finished from the pairs it has, marked interrupted,
/// the reports are written, and then the process ends by that signal (`ScratchSpace.endBySignal`).
/// A second signal, or the first in a command that cannot finish short, ends the process at once
/// (`ScratchSpace`'s handler).
package enum Interruption {
    /// From now on the first signal asks the run to finish short instead of ending the process.
    package static func finishShortOnSignal() {
        state.withLock { $0.finishesShort = true }
    }

    /// The signal that asked the run to stop, if one has.
    package static var requested: Int32? { state.withLock { $0.signal } }

    /// Called by the signal's thread; true when the run will finish short (the process goes on).
    static func request(_ signal: Int32) -> Bool {
        state.withLock { state in
            guard state.finishesShort, state.signal == nil else { return false }
            state.signal = signal
            return true
        }
    }

    /// A signal's name, for the run's messages.
    package static func name(_ signal: Int32) -> String {
        switch signal {
        case SIGINT: "SIGINT (Ctrl-C)"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        default: "signal \(signal)"
        }
    }

    private struct State {
        var finishesShort = false
        var signal: Int32?
    }
    private static let state = Locked(State())
}
