package io.jvortex.internal.encodings.zstd;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.error.VortexException;
import io.jvortex.internal.encodings.varbin.Golden;
import io.jvortex.internal.encodings.varbin.TestData;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code vortex.zstd} columns written by the Rust reference in compact mode (see {@code golden/zstd/make_vortex_files.py}). */
class ZstdGoldenTest {
    static List<byte[]> expected(String name) {
        List<byte[]> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                new GZIPInputStream(Files.newInputStream(Golden.path("zstd/" + name + ".expected.gz"))),
                StandardCharsets.US_ASCII))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                out.add(line.equals("N") ? null : HexFormat.of().parseHex(line.substring(1)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"logs_unicode", "logs_nullable", "hex_ids", "binary_nullable", "sparse_strings"})
    void decodesRustWrittenColumns(String name) {
        Golden.Column column = Golden.readColumn("zstd/" + name);
        assertThat(column.dataEncodings()).as("encodings the Rust writer chose for " + name)
                .contains(ZstdEncoding.ID);
        TestData.assertValues(column.values(), expected(name));
    }

    @ParameterizedTest
    @ValueSource(strings = {"logs_unicode", "logs_nullable", "hex_ids", "binary_nullable", "sparse_strings"})
    void readsThroughTheScanApi(String name) {
        List<byte[]> values;
        try {
            values = Golden.scanColumn("zstd/" + name);
        } catch (VortexException e) {
            // Another team's encoding (e.g. vortex.pco for dictionary codes) not merged yet: skip, as Golden does.
            Assumptions.assumeFalse(e.getMessage().contains("unknown array encoding")
                    && !e.getMessage().contains("'" + ZstdEncoding.ID + "'"), e::getMessage);
            throw e;
        }
        TestData.assertValues(values, expected(name));
    }
}
