import Foundation

#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// A socket call failed while starting the server.
package struct TestHTTPServerError: Error, CustomStringConvertible {
    package let call: String
    package let code: Int32

    package var description: String { "TestHTTPServer: \(call) failed: \(String(cString: strerror(code)))" }
}
