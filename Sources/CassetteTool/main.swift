import CassetteCommands
import Foundation

// Parses the command line, runs the command it names with the process's console, environment and
// working directory, and exits with its status.
let status = CassetteCommandLine.run(Array(CommandLine.arguments.dropFirst()), in: .process)
exit(status.rawValue)
