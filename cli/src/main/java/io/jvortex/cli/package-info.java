/**
 * The {@code jvx} command line tool: {@code schema}, {@code tree}, {@code count} and {@code cat} over
 * Vortex files, and {@code convert} from Parquet (the {@code parquet} module) and CSV (the {@code csv}
 * module), built with picocli into
 * the executable jar {@code cli/target/jvx.jar}.
 *
 * <p>Output goes to a buffered UTF-8 stdout; {@code cat} streams chunk by chunk, so memory stays
 * bounded by one chunk whatever the file size. Errors in a file print {@code jvx: <message>} on stderr
 * and exit 2; bad usage exits 64 with picocli's message.
 */
package io.jvortex.cli;
