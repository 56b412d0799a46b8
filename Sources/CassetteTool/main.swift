import Foundation

// Parses the command line, runs the command it names, and exits with its status.
let status = CassetteTool.run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
