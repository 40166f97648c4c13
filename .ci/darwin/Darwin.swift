// The part of Swift's Darwin overlay (swiftlang/swift, stdlib/public/Platform/Platform.swift and
// its siblings) that changes what the seam may call: what the overlay adds over the C headers
// (Darwin.h beside this), and what it marks unavailable. Compiled as the module `Darwin` on top of
// Darwin.h by `.ci/check-platform-seam.py`; nothing here runs.
@_exported import Darwin

// <errno.h>
public var errno: Int32 {
    get { __error().pointee }
    set { __error().pointee = newValue }
}

// <signal.h>: the handler macros, which are casts Swift cannot import.
public var SIG_DFL: sig_t? { nil }
public var SIG_IGN: sig_t { unsafeBitCast(1, to: sig_t.self) }

// <fcntl.h>: `fcntl` is variadic in C; the overlay declares its three forms.
public func fcntl(_ fd: Int32, _ cmd: Int32) -> Int32 { fatalError() }
public func fcntl(_ fd: Int32, _ cmd: Int32, _ value: Int32) -> Int32 { fatalError() }
public func fcntl(_ fd: Int32, _ cmd: Int32, _ ptr: UnsafeMutableRawPointer) -> Int32 { fatalError() }

// <unistd.h>: Swift code cannot fork on Darwin.
@available(*, unavailable, message: "Please use threads or posix_spawn*()")
public func fork() -> Int32 { fatalError() }

@available(*, unavailable, message: "Please use threads or posix_spawn*()")
public func vfork() -> Int32 { fatalError() }

// <time.h>: each clock's macro names an enumerator (`#define CLOCK_UPTIME_RAW _CLOCK_UPTIME_RAW`),
// which Swift imports from Apple's SDK and this Linux toolchain's importer does not: declared here.
public var CLOCK_REALTIME: clockid_t { _CLOCK_REALTIME }
public var CLOCK_MONOTONIC: clockid_t { _CLOCK_MONOTONIC }
public var CLOCK_MONOTONIC_RAW: clockid_t { _CLOCK_MONOTONIC_RAW }
public var CLOCK_UPTIME_RAW: clockid_t { _CLOCK_UPTIME_RAW }
public var CLOCK_PROCESS_CPUTIME_ID: clockid_t { _CLOCK_PROCESS_CPUTIME_ID }
public var CLOCK_THREAD_CPUTIME_ID: clockid_t { _CLOCK_THREAD_CPUTIME_ID }
