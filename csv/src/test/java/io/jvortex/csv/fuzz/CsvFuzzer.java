package io.jvortex.csv.fuzz;

import io.jvortex.api.ReaderOptions;
import io.jvortex.api.VortexReader;
import io.jvortex.api.WriteOptions;
import io.jvortex.csv.CsvException;
import io.jvortex.csv.CsvOptions;
import io.jvortex.csv.CsvToVortex;
import io.jvortex.io.StreamSink;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The CSV importer: the first input byte picks the delimiter, quote and header options, the rest is
 * the CSV file. The import either fails with {@link CsvException} (a malformed file or a value that
 * does not fit its column) or writes a Vortex file that reads back with the row count it reported.
 */
public final class CsvFuzzer {
    private static final Path FILE = temp();

    private CsvFuzzer() {
    }

    private static Path temp() {
        try {
            Path p = Files.createTempFile("jvortex-csv-fuzz", ".csv");
            p.toFile().deleteOnExit();
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * @param data an options byte and the CSV bytes
     */
    public static void fuzzerTestOneInput(byte[] data) {
        int flags = data.length == 0 ? 0 : data[0] & 0xFF;
        CsvOptions options = CsvOptions.defaults().withHeader((flags & 1) == 0).withSampleRows(1 + (flags >>> 5))
                .withBatchRows(1 + (flags >>> 3 & 3) * 7);
        if ((flags & 2) != 0) {
            options = options.withDelimiter((flags & 4) != 0 ? '\t' : ';');
        }
        try {
            Files.write(FILE, data.length == 0 ? data : Arrays.copyOfRange(data, 1, data.length));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        long rows;
        try {
            rows = CsvToVortex.convert(FILE, new StreamSink(out, URI.create("mem:/fuzz.vortex")), options,
                    WriteOptions.defaults());
        } catch (CsvException expected) {
            return;
        }
        try (VortexReader r = VortexReader.open(MemorySegment.ofArray(out.toByteArray()), "fuzz.vortex",
                ReaderOptions.defaults())) {
            if (r.rowCount() != rows) {
                throw new AssertionError("import reported " + rows + " rows, the file has " + r.rowCount());
            }
        }
    }
}
