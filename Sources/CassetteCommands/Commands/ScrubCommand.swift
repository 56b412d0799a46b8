import CassetteCore
import Foundation

/// `cassette scrub`: rewrites cassettes through the scrubber and the canonical writer.
enum ScrubCommand: Command {
    static let name = "scrub"
    static let abstract = "Replace secrets and rewrite cassettes in canonical form."
    static let discussion = """
        Rewrites every cassette (PATH: files, or directories searched recursively for *.json;
        default: Cassettes) through the scrubber, with the project's .cassette.json rules, and the
        canonical writer. Files are replaced atomically, and only with bytes that read back as a
        cassette; a file that cannot be read is reported and left alone (exit 1). Prints each file
        that changed.
        """

    static let check = CommandOption.flag(
        "--check", help: "Change nothing; list the files that would change and exit 1 if there are any.")
    static let options = [check]
    static let arguments = [CommandArgument.optionalPaths]

    static func run(_ parsed: ParsedArguments, in context: CommandContext) throws(UsageError) -> ExitStatus {
        let check = parsed.isSet(Self.check)
        let files = try CassetteFiles(parsed.positional, relativeTo: context.currentDirectory)
        let scrubbers = ProjectConfigurations()
        var changed: [String] = []
        var unreadable = 0
        for file in files.files {
            switch scrub(file, scrubbers: scrubbers, write: !check) {
            case .unchanged: break
            case .changed(let what):
                changed.append(file.path)
                context.console.out("\(file.path): \(check ? what.wouldDescription : what.description)")
            case .failed(let message):
                unreadable += 1
                context.console.error(message)
            }
        }
        let total = "\(files.files.count) \(files.files.count == 1 ? "cassette" : "cassettes")"
        var summary: String
        if changed.isEmpty {
            summary = "\(total), nothing to change"
        } else if check {
            // The same command without --check: scrubbing a file that needs nothing changes nothing.
            let paths = parsed.positional.map { " " + ShellQuoting.quoted($0) }.joined()
            summary = "\(changed.count) of \(total) would change; fix: cassette scrub\(paths)"
        } else {
            summary = "\(changed.count) of \(total) changed"
        }
        if unreadable > 0 { summary += "; \(unreadable) could not be read" }
        context.console.error(summary)
        return unreadable > 0 || (check && !changed.isEmpty) ? .failure : .success
    }

    /// What scrubbing one file did.
    enum Outcome {
        case unchanged
        case changed(Change)
        /// The file was left alone; the message says why.
        case failed(String)
    }

    /// Why a file changes.
    struct Change: CustomStringConvertible {
        /// How many secrets the scrubber reported and replaced.
        var secrets: Int
        /// Whether the scrubber changed values it reported no secret for (its own normal form).
        var normalised: Bool
        var canonical: Bool

        var description: String {
            words(
                secrets: "replaced \(secretCount)", normalised: "rewrote values the scrubber normalises (no secret)",
                canonical: "rewrote it in canonical form")
        }
        var wouldDescription: String {
            "would "
                + words(
                    secrets: "replace \(secretCount)", normalised: "rewrite values the scrubber normalises (no secret)",
                    canonical: "rewrite it in canonical form")
        }

        private var secretCount: String { secrets == 1 ? "1 secret" : "\(secrets) secrets" }

        private func words(
            secrets secretsWords: String, normalised normalisedWords: String, canonical canonicalWords: String
        )
            -> String
        {
            [secrets > 0 ? secretsWords : nil, normalised ? normalisedWords : nil, canonical ? canonicalWords : nil]
                .compactMap { $0 }.joined(separator: " and ")
        }
    }

    static func scrub(_ file: CassetteFiles.File, scrubbers: ProjectConfigurations, write: Bool) -> Outcome {
        let data: Data
        let document: CassetteDocument
        let scrubber: Scrubber
        do {
            (data, document) = try file.decode()
            scrubber = try scrubbers.scrubber(forCassetteAt: file.url)
        } catch {
            return .failed("\(error); the file was left unchanged")
        }
        let scrubbed = scrubber.scrub(document)
        let output = scrubbed.encoded()
        guard output != data else { return .unchanged }
        // What the scrubber reports, not whether the document changed, says if secrets were replaced.
        let secrets = scrubbed == document ? 0 : scrubber.findings(in: document).count
        let change = Change(
            secrets: secrets, normalised: scrubbed != document && secrets == 0,
            canonical: scrubbed == document || document.encoded() != data)
        guard write else { return .changed(change) }
        // Never replace a cassette with bytes that would not read back.
        do throws(CassetteReadError) {
            _ = try CassetteDocument.decode(output, path: file.path)
        } catch {
            return .failed(
                "\(file.path): error: scrubbing would write an unreadable cassette (\(error.message)); "
                    + "the file was left unchanged")
        }
        do throws(AtomicWriteError) {
            try AtomicFile.write(output, to: file.url)
        } catch {
            return .failed(error.description)
        }
        return .changed(change)
    }
}
