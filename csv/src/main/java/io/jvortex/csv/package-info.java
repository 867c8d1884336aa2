/**
 * CSV to Vortex: {@link io.jvortex.csv.CsvToVortex} reads a CSV file with FastCSV, infers each column's
 * type from a sample of rows (or takes it from {@link io.jvortex.csv.CsvOptions#schema()}) and streams
 * the rows into a {@link io.jvortex.api.VortexWriter}. {@code jvx cat --format csv} is the way back.
 */
package io.jvortex.csv;
