package io.jvortex.cli;

import io.jvortex.api.VortexReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code jvx count FILE}: the number of rows, from the footer (nothing is decoded). */
@Command(name = "count", mixinStandardHelpOptions = true, versionProvider = Jvx.Version.class,
        description = "Print the number of rows.")
final class CountCommand implements Runnable, FileArgument.Reading {
    @Spec
    CommandSpec spec;
    @Mixin
    FileArgument input;

    @Override
    public FileArgument input() {
        return input;
    }

    @Override
    public void run() {
        try (VortexReader reader = input.open();
             FileArgument.Report _ = input.reporting(reader, spec.commandLine().getErr())) {
            spec.commandLine().getOut().println(reader.rowCount());
        }
    }
}
