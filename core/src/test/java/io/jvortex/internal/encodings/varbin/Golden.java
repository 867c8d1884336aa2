package io.jvortex.internal.encodings.varbin;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.Chunk;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.VortexReader;
import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.dtype.DType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.registry.EncodingRegistry;
import io.jvortex.spi.SerializedArray;
import io.jvortex.internal.file.VortexFile;
import io.jvortex.internal.layout.Layout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;

/**
 * Test-only: reads the golden files under {@code src/test/resources/golden} (written by the Rust
 * reference, see {@code make_golden.py}) and their {@code .expected} values.
 */
public final class Golden {
    private Golden() {
    }

    /** @return the path of a golden resource, e.g. {@code fsst/words.vortex} */
    public static Path path(String resource) {
        try {
            return Path.of(Golden.class.getResource("/golden/" + resource).toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalStateException("missing golden resource " + resource, e);
        }
    }

    /** @return the values of {@code <name>.expected} (null for null rows) */
    public static List<byte[]> expected(String name) {
        try {
            List<byte[]> out = new ArrayList<>();
            for (String line : Files.readAllLines(path(name + ".expected"))) {
                out.add(line.equals("N") ? null : HexFormat.of().parseHex(line.substring(1)));
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A column decoded from a golden file. @param values its rows @param dataEncodings root ids of its data segments */
    public record Column(List<byte[]> values, Set<String> dataEncodings) {
    }

    /**
     * Decodes the first column of a golden {@code .vortex} file, flat segment by flat segment (a
     * {@code vortex.dict} layout is resolved by gathering its values with its codes). When a segment
     * uses an encoding the default registry lacks (another team's, not merged yet), the test is
     * skipped rather than failed.
     *
     * @param name the file without extension, e.g. {@code fsst/words}
     * @return the column
     */
    public static Column readColumn(String name) {
        try (VortexFile file = VortexFile.open(path(name + ".vortex"))) {
            Layout.Struct root = (Layout.Struct) file.rootLayout();
            Set<String> ids = new LinkedHashSet<>();
            List<byte[]> values = read(file, root.fields().getFirst(), ids, Arena.ofAuto());
            return new Column(values, ids);
        }
    }

    private static List<byte[]> read(VortexFile file, Layout layout, Set<String> ids, Arena arena) {
        return switch (layout) {
            case Layout.Zoned z -> read(file, z.data(), ids, arena);
            case Layout.Chunked c -> {
                List<byte[]> all = new ArrayList<>();
                c.children().forEach(child -> all.addAll(read(file, child, ids, arena)));
                yield all;
            }
            case Layout.Flat f -> TestData.values(decodeFlat(file, f, ids, arena));
            case Layout.Dict d -> {
                List<byte[]> dictValues = read(file, d.values(), ids, arena);
                Canonical codes = decodeFlat(file, (Layout.Flat) d.codes(), new LinkedHashSet<>(), arena);
                PrimitiveArray p = (PrimitiveArray) codes;
                List<byte[]> out = new ArrayList<>();
                for (int i = 0; i < p.length(); i++) {
                    out.add(p.isValid(i) ? dictValues.get((int) p.getLong(i)) : null);
                }
                yield out;
            }
            default -> throw new AssertionError("unexpected layout " + layout.encodingId() + " at " + layout.path());
        };
    }

    private static Canonical decodeFlat(VortexFile file, Layout.Flat flat, Set<String> ids, Arena arena) {
        SerializedArray array = SerializedArray.parse(file.segment(flat.segmentId()),
                file.segmentSpec(flat.segmentId()).byteOffset(), file.arrayIds(), file.source(), flat.path());
        ids.add(array.root().encodingId());
        return decode(array, flat.dtype(), (int) flat.rowCount(), arena);
    }

    /**
     * Decodes a serialized array after checking that the registry knows all its encodings (else the
     * test is skipped).
     */
    public static Canonical decode(SerializedArray array, DType dtype, int rows, Arena arena) {
        Set<String> used = new LinkedHashSet<>();
        collectIds(array.root(), used);
        Set<String> missing = new LinkedHashSet<>(used);
        missing.removeAll(EncodingRegistry.defaults().ids());
        Assumptions.assumeTrue(missing.isEmpty(), () -> "not merged yet: encodings " + missing);
        DecodeContext ctx = new DecodeContext(EncodingRegistry.defaults(), arena, false, 1L << 30);
        return ctx.decode(array.root(), dtype, rows);
    }

    private static void collectIds(ArrayNode node, Set<String> out) {
        out.add(node.encodingId());
        for (int i = 0; i < node.childCount(); i++) {
            collectIds(node.child(i), out);
        }
    }

    /**
     * Reads a serialized-array golden ({@code <name>.segment} + {@code <name>.ids}).
     *
     * @param name e.g. {@code varbinview/views_nullable}
     * @return the parsed segment
     */
    public static SerializedArray segment(String name) {
        try {
            byte[] bytes = Files.readAllBytes(path(name + ".segment"));
            List<String> ids = Files.readAllLines(path(name + ".ids")).stream().filter(s -> !s.isBlank()).toList();
            return SerializedArray.parse(MemorySegment.ofArray(bytes), 0, ids, name, name);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Reads column {@code s} of a golden file through the public scan API.
     *
     * @param name the file without extension
     * @return its values
     */
    public static List<byte[]> scanColumn(String name) {
        List<byte[]> out = new ArrayList<>();
        try (VortexReader reader = VortexReader.open(path(name + ".vortex"));
             ScanIterator scan = reader.scan()) {
            while (scan.hasNext()) {
                try (Chunk chunk = scan.next()) {
                    out.addAll(TestData.values(chunk.rawField("s")));
                }
            }
        }
        return out;
    }

    /** Asserts that a golden column holds the expected values and came from the expected encoding. */
    public static void assertColumn(String name, String encoding) {
        Column column = readColumn(name);
        assertThat(column.dataEncodings()).as("encodings the Rust writer chose for " + name).contains(encoding);
        TestData.assertValues(column.values(), expected(name));
    }
}
