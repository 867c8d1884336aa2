package io.jvortex.cli;

import java.nio.file.Path;
import picocli.CommandLine.Parameters;

/** The FILE parameter shared by the subcommands. */
final class FileArgument {
    @Parameters(index = "0", paramLabel = "FILE", description = "a Vortex file")
    Path file;
}
