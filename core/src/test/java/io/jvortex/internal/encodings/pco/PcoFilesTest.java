package io.jvortex.internal.encodings.pco;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.Chunk;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.VortexReader;
import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.internal.file.VortexFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.ValueLayout;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Files written by the Rust reference in compact mode (see {@code golden/pco/files/make_files.py})
 * whose columns are {@code vortex.pco} read value-exact (raw bits) through {@link VortexReader}.
 */
class PcoFilesTest {
    record Column(int width, byte[] valid, byte[] values) {
    }

    static Path path(String resource) {
        try {
            return Path.of(PcoFilesTest.class.getResource("/golden/pco/files/" + resource).toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalStateException("missing golden resource " + resource, e);
        }
    }

    static Map<String, Column> expected(String name) {
        try {
            ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(path(name + ".expected"))).order(ByteOrder.LITTLE_ENDIAN);
            Map<String, Column> out = new LinkedHashMap<>();
            while (b.hasRemaining()) {
                byte[] nameBytes = new byte[b.getShort() & 0xFFFF];
                b.get(nameBytes);
                int width = b.get();
                int rows = b.getInt();
                byte[] valid = new byte[rows];
                b.get(valid);
                byte[] values = new byte[rows * width];
                b.get(values);
                out.put(new String(nameBytes, java.nio.charset.StandardCharsets.UTF_8), new Column(width, valid, values));
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Scans every column; returns per column the validity bytes and raw values (0 for nulls). */
    static Map<String, Column> scan(Path file, List<String> names) {
        Map<String, java.io.ByteArrayOutputStream> values = new LinkedHashMap<>();
        Map<String, java.io.ByteArrayOutputStream> valid = new LinkedHashMap<>();
        Map<String, Integer> widths = new LinkedHashMap<>();
        try (VortexReader reader = VortexReader.open(file); ScanIterator scan = reader.scan()) {
            while (scan.hasNext()) {
                try (Chunk chunk = scan.next()) {
                    for (String name : names) {
                        Canonical c = chunk.rawField(name);
                        assertThat(c).as(name).isInstanceOf(PrimitiveArray.class);
                        PrimitiveArray p = (PrimitiveArray) c;
                        int w = p.ptype().byteWidth();
                        widths.put(name, w);
                        var vout = values.computeIfAbsent(name, k -> new java.io.ByteArrayOutputStream());
                        var bout = valid.computeIfAbsent(name, k -> new java.io.ByteArrayOutputStream());
                        for (int i = 0; i < p.length(); i++) {
                            boolean ok = p.isValid(i);
                            bout.write(ok ? 1 : 0);
                            for (int k = 0; k < w; k++) {
                                vout.write(ok ? p.values().get(ValueLayout.JAVA_BYTE, (long) i * w + k) : 0);
                            }
                        }
                    }
                }
            }
        }
        Map<String, Column> out = new LinkedHashMap<>();
        for (String name : names) {
            out.put(name, new Column(widths.get(name), valid.get(name).toByteArray(), values.get(name).toByteArray()));
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"noise", "nullable", "int_walks", "len1023", "len1025", "len1"})
    void readsRustWrittenPcoColumnsExactly(String name) {
        Map<String, Column> want = expected(name);
        Map<String, Column> got = scan(path(name + ".vortex"), new ArrayList<>(want.keySet()));
        for (String column : want.keySet()) {
            assertThat(got.get(column).width()).as(column).isEqualTo(want.get(column).width());
            assertThat(got.get(column).valid()).as(column + " validity").isEqualTo(want.get(column).valid());
            assertThat(got.get(column).values()).as(column + " values").isEqualTo(want.get(column).values());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"noise", "nullable", "int_walks", "len1023", "len1025", "big_formula"})
    void filesReallyUsePco(String name) throws IOException {
        byte[] bytes = Files.readAllBytes(path(name + ".vortex"));
        try (VortexFile file = VortexFile.open(path(name + ".vortex"))) {
            assertThat(file.arrayIds()).contains(PcoEncoding.ID);
        }
        assertThat(bytes.length).isPositive();
    }

    /** 300 000 rows in three flat segments of 16, 16 and 5 pco pages; values from the generator's formula. */
    @Test
    void readsMultiSegmentFormulaColumn() {
        Column got = scan(path("big_formula.vortex"), List.of("i64")).get("i64");
        int rows = 300_000;
        ByteBuffer want = ByteBuffer.allocate(rows * 8).order(ByteOrder.LITTLE_ENDIAN);
        long sum = 0;
        for (long i = 0; i < rows; i++) {
            long step = Math.floorMod((i * 2654435761L) >> 7, 2001L) - 1000;
            sum += step;
            want.putLong(sum);
        }
        assertThat(got.values()).isEqualTo(want.array());
    }
}
