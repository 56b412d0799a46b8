extension HTTPServer {
    /// What a server has done since it started.
    public struct Statistics: Sendable, Equatable {
        /// Connections accepted and served (not those refused over ``HTTPServerLimits/maxConnections``).
        public var connectionsAccepted = 0
        /// Requests that passed the server's checks and reached the handler.
        public var requestsReceived = 0
        /// Connections open now.
        public var openConnections = 0

        public init() {}
    }
}
