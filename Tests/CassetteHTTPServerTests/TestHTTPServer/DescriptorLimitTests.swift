import CassetteTestSupport
import Foundation
import Testing

#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// The test process may hold as many descriptors as the system lets it: the suite's parallel tests
/// need a few thousand at their peak.
@Suite struct DescriptorLimitTests {
    @Test func aTestServerRaisesTheSoftLimitToTheHardOne() throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        var limits = rlimit()
        #if canImport(Darwin)
            try #require(getrlimit(RLIMIT_NOFILE, &limits) == 0)
            let ceiling = min(limits.rlim_max, rlim_t(OPEN_MAX))
        #else
            try #require(getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limits) == 0)
            let ceiling = limits.rlim_max
        #endif
        #expect(limits.rlim_cur >= ceiling, "soft limit \(limits.rlim_cur), hard \(limits.rlim_max)")
        #expect(DescriptorLimit.current == Int(clamping: limits.rlim_cur))
    }
}
