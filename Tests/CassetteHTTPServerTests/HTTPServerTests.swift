import CassetteHTTPServer
import CassetteTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Starting, stopping and serving through the real URLSession.
@Suite struct HTTPServerTests {
    @Test func portZeroPicksAFreePortAndStopClosesIt() async throws {
        let server = HTTPServer(synchronousHandler: ServerFixture.echo)
        #expect(server.port == nil)
        let port = try server.start()
        #expect(port > 0 && server.port == port)
        #expect(server.baseURL == URL(string: "http://127.0.0.1:\(port)"))
        let (data, _) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/hello")!)
        #expect(String(decoding: data, as: UTF8.self) == "GET /hello\n")
        server.stop()
        #expect(throws: (any Error).self) { try RawConnection(port: port) }
    }

    @Test func aPortInUseIsNamedInTheError() async throws {
        try await ServerFixture.with { _, port in
            let second = HTTPServer(port: port, synchronousHandler: ServerFixture.echo)
            let error = #expect(throws: HTTPServerError.self) { try second.start() }
            #expect(error == .portInUse(host: "127.0.0.1", port: port))
            #expect(error?.description.contains("port \(port) on 127.0.0.1 is already in use") == true)
            #expect(error?.description.contains("or 0 for a free one") == true)
        }
    }

    @Test(arguments: ["example.com", "127.0.0.256", ""])
    func aHostThatIsNotANumericAddressIsRefused(_ host: String) {
        let server = HTTPServer(host: host, synchronousHandler: ServerFixture.echo)
        #expect(throws: HTTPServerError.invalidHost(host)) { try server.start() }
    }

    @Test func startTwiceIsAnError() throws {
        let server = HTTPServer(synchronousHandler: ServerFixture.echo)
        try server.start()
        defer { server.stop() }
        #expect(throws: HTTPServerError.alreadyStarted) { try server.start() }
    }

    @Test func servesIPv6Loopback() async throws {
        try await ServerFixture.with(host: "::1") { server, port in
            #expect(server.baseURL == URL(string: "http://[::1]:\(port)"))
            // Not URLSession: on Linux it fails every http://[::1]:PORT URL with -1000 (badURL), measured.
            let run = try await ExternalTool.run("curl", ["-sS", "-g", "http://[::1]:\(port)/six"])
            #expect(run.stdout == "GET /six\n", "\(run)")
            let raw = try RawConnection(port: port, host: "::1")
            try raw.send("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(statusCode(of: raw.readToEnd()) == 200)
        }
    }

    @Test func theRequestCarriesMethodBodyVersionAndPeer() async throws {
        let seen = Box<HTTPServerRequest>()
        let handler: HTTPServer.SynchronousHandler = { request, response in
            seen.set(request)
            ServerFixture.echo(request, response)
        }
        try await ServerFixture.with(handler: handler) { _, port in
            var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/items?b=2&a=1")!)
            request.httpMethod = "POST"
            request.httpBody = Data(#"{"name":"Ada"}"#.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            let (data, response) = try await URLSession.shared.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            #expect(String(decoding: data, as: UTF8.self) == "POST /items?b=2&a=1\n{\"name\":\"Ada\"}")
        }
        let request = try #require(seen.value)
        #expect(request.method == "POST")
        #expect(request.path == "/items" && request.query == "b=2&a=1")
        #expect(request.header("content-type") == "application/json")
        #expect(request.body == Data(#"{"name":"Ada"}"#.utf8))
        #expect(request.peer.hasPrefix("127.0.0.1:"))
    }

    @Test func oneURLSessionConnectionServesSeveralRequests() async throws {
        try await ServerFixture.with { server, port in
            let session = URLSession(configuration: .ephemeral)
            defer { session.invalidateAndCancel() }
            var numbers: [String] = []
            for index in 1...5 {
                let (_, response) = try await session.data(from: URL(string: "http://127.0.0.1:\(port)/\(index)")!)
                numbers.append((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "X-Request-Number") ?? "?")
            }
            // URLSession (libcurl) may open a second connection when the next request starts before
            // it has put the first one back in its pool, which a loaded machine makes likely: each
            // connection numbers its own requests from 1, and one of them must have served several.
            var runs: [[Int]] = []
            for number in numbers.map({ Int($0) ?? -1 }) {
                if number == 1 { runs.append([1]) } else if !runs.isEmpty { runs[runs.count - 1].append(number) }
            }
            #expect(runs.allSatisfy { $0 == Array(1...$0.count) }, "\(numbers)")
            #expect(runs.map(\.count).reduce(0, +) == 5, "\(numbers)")
            #expect(server.statistics.connectionsAccepted == runs.count)
            #expect(server.statistics.connectionsAccepted < 5, "no connection served a second request")
            #expect(server.statistics.requestsReceived == 5)
        }
    }

    @Test func fiftyConcurrentKeepAliveClientsEachReuseTheirConnection() async throws {
        let clients = 50
        let rounds = 10
        let inHandler = Counter()
        let handler: HTTPServer.SynchronousHandler = { request, response in
            inHandler.increment()
            ServerFixture.echo(request, response)
        }
        try await ServerFixture.with(handler: handler) { server, port in
            // Every client connects before any sends, so all 50 connections are open at once.
            let connections = try (0..<clients).map { _ in try RawConnection(port: port) }
            let answers = Box<[Int: [String]]>()
            let done = DispatchGroup()
            for client in 0..<clients {
                done.enter()
                Thread {
                    defer { done.leave() }
                    var bodies: [String] = []
                    for round in 1...rounds {
                        let connection = connections[client]
                        try? connection.send("GET /c\(client)/r\(round) HTTP/1.1\r\nHost: x\r\n\r\n")
                        let answer = connection.read(until: "GET /c\(client)/r\(round)\n", timeout: .seconds(30))
                        bodies.append(String(answer.split(separator: "\r\n\r\n").last ?? ""))
                    }
                    answers.update { $0 = ($0 ?? [:]).merging([client: bodies]) { $1 } }
                }.start()
            }
            done.wait()
            #expect(server.statistics.openConnections == clients)
            for client in 0..<clients {
                #expect(answers.value?[client] == (1...rounds).map { "GET /c\(client)/r\($0)\n" })
            }
            #expect(server.statistics.connectionsAccepted == clients)
            #expect(server.statistics.requestsReceived == clients * rounds)
        }
        #expect(inHandler.value == clients * rounds)
    }

    @Test func fiftyConcurrentURLSessionTasks() async throws {
        try await ServerFixture.with { server, port in
            let configuration = URLSessionConfiguration.ephemeral
            configuration.httpMaximumConnectionsPerHost = 50
            let session = URLSession(configuration: configuration)
            defer { session.invalidateAndCancel() }
            let bodies = try await withThrowingTaskGroup(of: (Int, String).self) { group in
                for index in 0..<200 {
                    group.addTask {
                        let (data, _) = try await session.data(
                            from: URL(string: "http://127.0.0.1:\(port)/n/\(index)")!)
                        return (index, String(decoding: data, as: UTF8.self))
                    }
                }
                return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
            }
            #expect(bodies.count == 200)
            #expect(bodies.allSatisfy { $0.value == "GET /n/\($0.key)\n" })
            #expect(server.statistics.requestsReceived == 200)
            // libcurl caps its connection cache below 50, so it closes and reopens some (72 measured).
            #expect(server.statistics.connectionsAccepted < 200, "connections are reused")
        }
    }

    @Test func anAsyncHandlerServesAsTheSynchronousOneDoes() async throws {
        let server = HTTPServer { request, response in
            try? await Task.sleep(for: .milliseconds(5))
            try? response.respond(status: 201, headers: [("X-Async", "yes")], body: Data(request.target.utf8))
        }
        let port = try server.start()
        defer { server.stop() }
        let (data, response) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/async")!)
        #expect((response as? HTTPURLResponse)?.statusCode == 201)
        #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "X-Async") == "yes")
        #expect(String(decoding: data, as: UTF8.self) == "/async")
    }

    /// Every thread of Swift's cooperative pool held (as CPU-bound tests hold them on a 2-core
    /// machine): an async handler still answers, since it runs on the server's own executor.
    @Test func anAsyncHandlerAnswersWhileTheCooperativePoolIsBusy() async throws {
        let server = HTTPServer { request, response in
            try? await Task.sleep(for: .milliseconds(5))
            try? response.respond(status: 200, headers: [], body: Data(request.target.utf8))
        }
        let port = try server.start()
        defer { server.stop() }
        let release = DispatchSemaphore(value: 0)
        let holders = (1..<max(ProcessInfo.processInfo.activeProcessorCount, 1)).map { _ in
            Task.detached { Self.block(on: release) }
        }
        // This test's own thread is the last one of the pool: it waits for the answer without
        // returning to the pool, on a URLSession whose callbacks come on its own queue.
        let answer = Self.fetchBlocking(URL(string: "http://127.0.0.1:\(port)/busy")!, timeout: 30)
        for _ in holders { release.signal() }
        for holder in holders { await holder.value }
        #expect(answer == "/busy")
    }

    private static func block(on semaphore: DispatchSemaphore) { semaphore.wait() }

    private static func fetchBlocking(_ url: URL, timeout: TimeInterval) -> String? {
        let done = DispatchSemaphore(value: 0)
        let body = Box<String>()
        var request = URLRequest(url: url)
        request.timeoutInterval = timeout
        let task = URLSession.shared.dataTask(with: request) { data, _, _ in
            if let data { body.set(String(decoding: data, as: UTF8.self)) }
            done.signal()
        }
        task.resume()
        _ = done.wait(timeout: .now() + timeout + 5)
        return body.value
    }

    @Test func aHandlerThatDoesNotAnswerGets500AndALogLine() async throws {
        let lines = Box<[String]>()
        let server = HTTPServer(
            log: { line in lines.update { $0 = ($0 ?? []) + [line] } }, synchronousHandler: { _, _ in })
        let port = try server.start()
        defer { server.stop() }
        let connection = try RawConnection(port: port)
        try connection.send("GET /nothing HTTP/1.1\r\nHost: x\r\n\r\n")
        let answer = connection.readToEnd()
        #expect(statusCode(of: answer) == 500)
        #expect(answer.contains("returned without a response"))
        #expect(lines.value?.contains { $0.contains("GET /nothing: the handler returned without a response") } == true)
    }

    @Test func connectionsOverTheLimitGet503() async throws {
        try await ServerFixture.with(limits: HTTPServerLimits(maxConnections: 2)) { server, port in
            let first = try RawConnection(port: port)
            let second = try RawConnection(port: port)
            try first.send("GET /1 HTTP/1.1\r\nHost: x\r\n\r\n")
            try second.send("GET /2 HTTP/1.1\r\nHost: x\r\n\r\n")
            _ = first.read(until: "GET /1\n")
            _ = second.read(until: "GET /2\n")
            let third = try RawConnection(port: port)
            try third.send("GET /3 HTTP/1.1\r\nHost: x\r\n\r\n")
            let answer = third.readToEnd()
            #expect(statusCode(of: answer) == 503)
            #expect(answer.contains("Retry-After: 1"))
            #expect(server.statistics.connectionsAccepted == 2)
        }
    }

    @Test func stopLetsAResponseInFlightFinishAndClosesIdleConnections() async throws {
        let entered = DispatchSemaphore(value: 0)
        let server = HTTPServer(synchronousHandler: { request, response in
            if request.path == "/slow" {
                entered.signal()
                Thread.sleep(forTimeInterval: 0.3)
            }
            ServerFixture.echo(request, response)
        })
        let port = try server.start()
        let idle = try RawConnection(port: port)
        try idle.send("GET /first HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = idle.read(until: "GET /first\n")
        let busy = try RawConnection(port: port)
        try busy.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        entered.wait()
        let started = ContinuousClock.now
        server.stop()
        #expect(
            ContinuousClock.now - started < .seconds(4), "an idle connection must not hold stop() for its grace period")
        let answer = busy.readToEnd()
        #expect(answer.hasSuffix("GET /slow\n"), "the response in flight completes: \(answer)")
        #expect(answer.contains("Connection: close\r\n"), "and tells the client the connection ends")
        #expect(idle.closedByServer(within: .seconds(1)))
        #expect(throws: (any Error).self) { try RawConnection(port: port) }
    }

    @Test func stopCutsAStreamThatOutlastsTheGracePeriod() async throws {
        let server = HTTPServer(
            limits: HTTPServerLimits(stopGracePeriod: .milliseconds(200)),
            synchronousHandler: { _, response in
                try? response.writeHead(status: 200)
                while (try? response.writeBodyChunk(Data("tick\n".utf8))) != nil {
                    Thread.sleep(forTimeInterval: 0.02)
                }
            })
        let port = try server.start()
        let connection = try RawConnection(port: port)
        try connection.send("GET /forever HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = connection.read(until: "tick\n")
        let started = ContinuousClock.now
        server.stop()
        #expect(ContinuousClock.now - started >= .milliseconds(200), "the stream had its grace period")
        #expect(server.statistics.openConnections == 0, "the cut ended the handler's writes, so its thread ended")
        let rest = connection.readToEnd(timeout: .seconds(2))
        #expect(!rest.hasSuffix("0\r\n\r\n"), "a cut stream has no last chunk")
    }
}
