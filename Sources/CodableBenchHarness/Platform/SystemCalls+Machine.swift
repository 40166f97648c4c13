import CodableBenchCore

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The machine's side of the seam: clocks, CPUs and priorities, counters and limits. Like every
/// `SystemCalls` file, no Foundation: `.ci/check-platform-seam.py` compiles its Darwin branches on
/// Linux against Darwin's declarations.
extension SystemCalls {
    // MARK: Clocks

    /// Monotonic wall time in nanoseconds.
    @inline(__always)
    static func monotonicNanoseconds() -> UInt64 {
        #if canImport(Darwin)
        return clock_gettime_nsec_np(CLOCK_UPTIME_RAW)  // <time.h>
        #else
        return read(CLOCK_MONOTONIC)
        #endif
    }

    /// Every thread's CPU time of this process, in nanoseconds.
    @inline(__always)
    static func processCPUNanoseconds() -> UInt64 {
        #if canImport(Darwin)
        return clock_gettime_nsec_np(CLOCK_PROCESS_CPUTIME_ID)  // <time.h>
        #else
        return read(CLOCK_PROCESS_CPUTIME_ID)
        #endif
    }

    /// The calling thread's CPU time, in nanoseconds.
    @inline(__always)
    static func threadCPUNanoseconds() -> UInt64 {
        #if canImport(Darwin)
        return clock_gettime_nsec_np(CLOCK_THREAD_CPUTIME_ID)  // <time.h>
        #else
        return read(CLOCK_THREAD_CPUTIME_ID)
        #endif
    }

    #if !canImport(Darwin)
    @inline(__always)
    private static func read(_ clock: clockid_t) -> UInt64 {
        var ts = timespec()
        clock_gettime(clock, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }
    #endif

    // MARK: CPUs and priorities

    /// The CPUs this thread may run on; nil where the platform has no affinity call.
    static func allowedCPUs() -> [Int]? {
        #if canImport(Darwin)
        return nil
        #else
        guard let get = affinityCall("sched_getaffinity") else { return nil }
        var set = [UInt8](repeating: 0, count: cpuSetBytes)
        guard set.withUnsafeMutableBytes({ get(0, cpuSetBytes, $0.baseAddress) }) == 0 else { return nil }
        return (0..<(cpuSetBytes * 8)).filter { set[$0 / 8] & (1 << ($0 % 8)) != 0 }
        #endif
    }

    /// Lets process `pid` (0: this thread) run on `cpus` only; false where it cannot.
    static func setAllowedCPUs(_ cpus: [Int], of pid: pid_t) -> Bool {
        #if canImport(Darwin)
        return false
        #else
        guard let set = affinityCall("sched_setaffinity"), cpus.allSatisfy({ $0 >= 0 && $0 < cpuSetBytes * 8 }) else {
            return false
        }
        var mask = [UInt8](repeating: 0, count: cpuSetBytes)
        for cpu in cpus { mask[cpu / 8] |= 1 << (cpu % 8) }
        return mask.withUnsafeMutableBytes { set(pid, cpuSetBytes, $0.baseAddress) } == 0
        #endif
    }

    #if !canImport(Darwin)
    /// glibc declares the affinity calls only under `_GNU_SOURCE`, which Swift's Glibc module does
    /// not define, so they are looked up by name (a C target would do it too, but clang's DWARF 5
    /// in the binary makes valgrind 3.19, the `--instructions` pass, give up).
    private typealias AffinityCall = @convention(c) (pid_t, Int, UnsafeMutableRawPointer?) -> Int32
    /// Bytes of glibc's `cpu_set_t` (1024 CPUs).
    private static let cpuSetBytes = 128

    private static func affinityCall(_ name: String) -> AffinityCall? {
        DynamicSymbols.symbol(name).map { unsafeBitCast($0, to: AffinityCall.self) }
    }
    #endif

    /// This thread (and on Linux the processes it starts) at background priority: the counting
    /// passes beside the sampling. Never the whole runner.
    static func lowerThisThreadsPriority() {
        #if canImport(Darwin)
        _ = setpriority(PRIO_DARWIN_THREAD, 0, PRIO_DARWIN_BG)  // <sys/resource.h>
        #else
        // On Linux the nice value is the calling thread's, and processes it starts inherit it.
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
        #endif
    }

    /// This whole process at background priority: a counting worker, started by a thread that
    /// `lowerThisThreadsPriority` lowered. Linux's workers inherit that thread's nice value, but
    /// Darwin's thread background state (`PRIO_DARWIN_THREAD`) is not inherited by the processes
    /// the thread starts, so the worker lowers itself.
    static func lowerThisProcessesPriority() {
        #if canImport(Darwin)
        _ = setpriority(PRIO_DARWIN_PROCESS, 0, PRIO_DARWIN_BG)  // <sys/resource.h>
        #else
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
        #endif
    }

    /// This thread at the highest QoS a process may ask for (Darwin's timing workers, which
    /// cannot be pinned); nothing on Linux, where pinning does that job.
    static func raiseThisThreadsPriority() {
        #if canImport(Darwin)
        _ = pthread_set_qos_class_self_np(QOS_CLASS_USER_INTERACTIVE, 0)  // <pthread/qos.h>
        #endif
    }

    /// Darwin: this thread at utility QoS, below the sampled worker's user-interactive, so that a
    /// worker starting (verifying, warming up) yields the performance cores to the one sampled.
    /// Elsewhere nothing: Linux keeps starting workers off the timing CPU instead (`Affinity`).
    static func yieldToTheSampledThread() {
        #if canImport(Darwin)
        _ = pthread_set_qos_class_self_np(QOS_CLASS_UTILITY, 0)  // <pthread/qos.h>
        #endif
    }

    // MARK: Counters, limits and machine facts

    /// Instructions this process has retired so far, from the CPU's counter: `proc_pid_rusage`'s
    /// `ri_instructions` on macOS (Apple silicon; Intel Macs report 0: nil); nil on Linux, where
    /// the counters need perf, which this project's machines do not have.
    static func retiredInstructions() -> UInt64? {
        #if canImport(Darwin)
        // <libproc.h>'s, looked up by name (a lookup that also answers nil where it is absent).
        typealias ProcPidRusage = @convention(c) (Int32, Int32, UnsafeMutableRawPointer?) -> Int32
        guard let call = DynamicSymbols.symbol("proc_pid_rusage").map({ unsafeBitCast($0, to: ProcPidRusage.self) }) else { return nil }
        var info = rusage_info_v4()  // <sys/resource.h>
        let status = withUnsafeMutableBytes(of: &info) { call(getpid(), RUSAGE_INFO_V4, $0.baseAddress) }  // <unistd.h>
        return status == 0 && info.ri_instructions > 0 ? info.ri_instructions : nil
        #else
        return nil
        #endif
    }

    /// Raises the soft limit of open files to the hard limit: macOS starts at 256, and a quick run
    /// keeps about 90 workers with two pipes each. Darwin refuses (EINVAL) a limit above
    /// `kern.maxfilesperproc` rather than lowering it, so the request stays within that.
    static func raiseOpenFileLimit() {
        var limit = rlimit()
        #if canImport(Darwin)
        let resource = RLIMIT_NOFILE  // <sys/resource.h>
        #else
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #endif
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }  // <sys/resource.h>
        limit.rlim_cur = min(limit.rlim_max, 65_536)
        #if canImport(Darwin)
        if let perProcess = sysctlInt("kern.maxfilesperproc"), perProcess > 0 {
            limit.rlim_cur = min(limit.rlim_cur, rlim_t(perProcess))
        }
        #endif
        _ = setrlimit(resource, &limit)  // <sys/resource.h>
    }

    #if canImport(Darwin)
    /// A string sysctl (`machdep.cpu.brand_string`); nil where the name is unknown.
    static func sysctlString(_ key: String) -> String? {
        var size = 0
        guard sysctlbyname(key, nil, &size, nil, 0) == 0, size > 0 else { return nil }  // <sys/sysctl.h>
        var bytes = [UInt8](repeating: 0, count: size)
        guard sysctlbyname(key, &bytes, &size, nil, 0) == 0 else { return nil }  // <sys/sysctl.h>
        return String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// An integer sysctl of 4 or 8 bytes (`hw.l2cachesize`); nil where the name is unknown.
    static func sysctlInt(_ key: String) -> Int? {
        var value: Int64 = 0
        var size = MemoryLayout<Int64>.size
        guard sysctlbyname(key, &value, &size, nil, 0) == 0 else { return nil }  // <sys/sysctl.h>
        return size == 4 ? Int(Int32(truncatingIfNeeded: value)) : Int(value)
    }
    #endif

    /// The one-minute load average (`getloadavg`, in both C libraries).
    static func loadAverage() -> Double? {
        var averages = [0.0, 0.0, 0.0]
        return getloadavg(&averages, 3) >= 1 ? averages[0] : nil  // <stdlib.h>
    }
}
