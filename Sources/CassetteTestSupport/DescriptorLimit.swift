#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// The test process's limit on open descriptors, raised once to what the system allows.
///
/// Swift Testing starts every test at once, and a test that records holds about six descriptors
/// per open cassette (its session's, the forwarding session's, and both ends of the loopback
/// connection): the suite's peak is a few thousand, past the 256 (macOS) or 1,024 (many Linux
/// shells) a process starts with. Without this, a request fails with "Couldn't connect to server"
/// or a cassette cannot be written ("Too many open files") in whichever test runs out first.
package enum DescriptorLimit {
    /// Raises the soft limit to the hard one (on Apple platforms, at most `OPEN_MAX`); runs once.
    package static func raise() {
        _ = raised
    }

    /// The soft limit now.
    package static var current: Int {
        var limits = rlimit()
        guard getrlimit(resourceKind, &limits) == 0 else { return -1 }
        return Int(clamping: limits.rlim_cur)
    }

    private static let raised: Bool = {
        var limits = rlimit()
        guard getrlimit(resourceKind, &limits) == 0, limits.rlim_cur < limits.rlim_max else { return false }
        var wanted = limits
        wanted.rlim_cur = limits.rlim_max
        if setrlimit(resourceKind, &wanted) == 0 { return true }
        #if canImport(Darwin)
            // Darwin refuses a soft limit above OPEN_MAX when the hard one is unlimited.
            wanted.rlim_cur = min(limits.rlim_max, rlim_t(OPEN_MAX))
            return setrlimit(resourceKind, &wanted) == 0
        #else
            return false
        #endif
    }()

    #if canImport(Darwin)
        private static let resourceKind = RLIMIT_NOFILE
    #else
        private static let resourceKind = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #endif
}
