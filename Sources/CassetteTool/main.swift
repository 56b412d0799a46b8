import CassetteCommands
import CassetteServe
import Foundation

// Parses the command line, runs the command it names with the process's console, environment and
// working directory (and `cassette serve`'s implementation), and exits with its status.
var context = CommandContext.process
context.serve = ServeRunner.run
let status = CassetteCommandLine.run(Array(CommandLine.arguments.dropFirst()), in: context)
exit(status.rawValue)
