package io.jvortex.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.Edition;
import io.jvortex.array.Canonical;
import io.jvortex.array.StructArray;
import io.jvortex.array.Validity;
import io.jvortex.internal.registry.BuiltinSchemes;
import io.jvortex.internal.compress.Compressor;
import io.jvortex.dtype.DType;
import io.jvortex.internal.file.VortexFile;
import io.jvortex.internal.layout.Layout;
import io.jvortex.testing.CanonicalRows;
import io.jvortex.testing.RandomTables.ColumnPlan;
import io.jvortex.testing.RandomTables.GeneratedTable;
import io.jvortex.testing.RandomTables.NullShape;
import io.jvortex.testing.RandomTables.ValueShape;
import io.jvortex.testing.Seeds;
import io.jvortex.testing.TableSpec;
import io.jvortex.testing.TypeSpec;
import io.jvortex.testing.oracle.RustOracle;
import io.jvortex.internal.write.FileWriter;
import io.jvortex.spi.WriteNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * String and binary columns compressed by the cascading compressor (FSST, OnPair where the edition
 * allows it, varbin fallback) are read value-exact by the Rust reader (the judge) and by jvortex, in
 * editions with and without {@code vortex.onpair}; text that FSST suits is written as FSST (or
 * OnPair); and the column sizes are reported next to the Rust default writer's for the same rows.
 */
class CompressorStringsConformanceTest {
    private static final int ROWS = 20_000;
    private static final int[] CHUNKS = {1, 1025, 10_000, 8_974};
    private static final String[] WORDS = {"the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog",
        "vortex", "columnar", "string", "compression", "symbol", "table", "ünïcödé", "数据", "order", "status"};

    /** Columns whose text FSST (or OnPair) must compress. */
    private static final Set<String> TEXT = Set.of("words", "urls", "uuids", "binurls", "longrep");

    @TempDir
    Path dir;

    private static String word(SplittableRandom r) {
        return WORDS[r.nextInt(WORDS.length)];
    }

    private static Object value(String column, SplittableRandom r) {
        return switch (column) {
            case "words" -> {
                StringBuilder b = new StringBuilder(word(r));
                for (int i = r.nextInt(6); i > 0; i--) {
                    b.append(' ').append(word(r));
                }
                yield b.toString();
            }
            case "urls" -> "https://www." + word(r) + ".example.com/" + word(r) + "/" + r.nextInt(100_000) + "?q="
                    + r.nextInt(1000);
            case "uuids" -> new UUID(r.nextLong(), r.nextLong()).toString();
            case "randbin" -> {
                byte[] b = new byte[r.nextInt(24)];
                for (int i = 0; i < b.length; i++) {
                    b[i] = r.nextInt(4) == 0 ? (byte) 0xFF : (byte) r.nextInt(256);
                }
                yield b;
            }
            case "binurls" -> ("/api/v" + r.nextInt(3) + "/" + word(r) + "/" + r.nextInt(50_000))
                    .getBytes(StandardCharsets.UTF_8);
            case "allnull" -> null;
            case "empty" -> r.nextInt(50) == 0 ? word(r) : "";
            case "longrep" -> (word(r) + "-" + r.nextInt(10) + ";").repeat(3 + r.nextInt(30));
            case "unicode" -> {
                StringBuilder b = new StringBuilder();
                for (int i = r.nextInt(8); i > 0; i--) {
                    b.appendCodePoint(0x4E00 + r.nextInt(0x5000));
                }
                yield b.toString();
            }
            default -> throw new IllegalArgumentException(column);
        };
    }

    private static GeneratedTable table(long seed) {
        Map<String, TypeSpec> types = new LinkedHashMap<>();
        types.put("words", new TypeSpec.Utf8(false));
        types.put("urls", new TypeSpec.Utf8(true));
        types.put("uuids", new TypeSpec.Utf8(false));
        types.put("randbin", new TypeSpec.Binary(true));
        types.put("binurls", new TypeSpec.Binary(false));
        types.put("allnull", new TypeSpec.Utf8(true));
        types.put("empty", new TypeSpec.Utf8(true));
        types.put("longrep", new TypeSpec.Utf8(true));
        types.put("unicode", new TypeSpec.Utf8(true));
        SplittableRandom r = new SplittableRandom(seed);
        List<TypeSpec.Field> fields = new ArrayList<>();
        List<ColumnPlan> plans = new ArrayList<>();
        List<List<Object>> columns = new ArrayList<>();
        for (Map.Entry<String, TypeSpec> e : types.entrySet()) {
            String name = e.getKey();
            boolean someNulls = e.getValue().nullable() && !name.equals("allnull");
            fields.add(new TypeSpec.Field(name, e.getValue()));
            plans.add(new ColumnPlan(name, e.getValue(), ValueShape.RANDOM,
                    name.equals("allnull") ? NullShape.ALL : someNulls ? NullShape.SOME : NullShape.NONE));
            List<Object> values = new ArrayList<>(ROWS);
            for (int i = 0; i < ROWS; i++) {
                values.add(someNulls && r.nextInt(5) == 0 ? null : value(name, r));
            }
            columns.add(values);
        }
        TableSpec spec = new TableSpec(fields);
        List<String> rows = new ArrayList<>(ROWS);
        for (int i = 0; i < ROWS; i++) {
            List<Object> row = new ArrayList<>();
            for (List<Object> column : columns) {
                row.add(column.get(i));
            }
            rows.add(CanonicalRows.row(spec, row));
        }
        return new GeneratedTable(seed, spec, plans, columns, rows);
    }

    private record Written(Path file, Map<String, Set<String>> rootEncodings, Map<String, Long> nodeBytes) {
    }

    private Written writeOurs(GeneratedTable table, Edition edition, boolean views) {
        return writeOurs(table, new Compressor(BuiltinSchemes.defaults(), edition::allowsArray),
                "ours-" + edition.id() + (views ? "-views" : "-offsets"), views);
    }

    private Written writeOurs(GeneratedTable table, Compressor compressor, String name, boolean views) {
        TableArrays arrays = new TableArrays(views);
        List<TypeSpec.Field> columns = table.spec().columns();
        DType.Struct schema = new DType.Struct(columns.stream().map(TypeSpec.Field::name).toList(),
                columns.stream().map(f -> TableArrays.dtype(f.type())).toList(), false);
        IdentityHashMap<Canonical, String> names = new IdentityHashMap<>();
        List<StructArray> chunks = new ArrayList<>();
        int start = 0;
        for (int len : CHUNKS) {
            List<Canonical> fields = new ArrayList<>();
            for (int c = 0; c < columns.size(); c++) {
                Canonical a = arrays.array(columns.get(c).type(), table.columns().get(c).subList(start, start + len));
                names.put(a, columns.get(c).name() + (len >= 1025 ? "" : "#small"));
                fields.add(a);
            }
            chunks.add(new StructArray(schema, fields, len, Validity.ALL_VALID));
            start += len;
        }
        Map<String, Set<String>> roots = new LinkedHashMap<>();
        Map<String, Long> bytes = new LinkedHashMap<>();
        Function<Canonical, WriteNode> encoder = chunk -> {
            WriteNode node = compressor.compress(chunk);
            String column = names.get(chunk);
            synchronized (roots) {
                roots.computeIfAbsent(column, k -> new HashSet<>()).add(node.encodingId());
                collectIds(node, roots.computeIfAbsent("*all", k -> new HashSet<>()));
                bytes.merge(column.replace("#small", ""), io.jvortex.internal.compress.NodeSize.bytes(node), Long::sum);
            }
            return node;
        };
        Path file = dir.resolve(name + ".vortex");
        FileWriter.write(file, schema, chunks.iterator(), encoder);
        return new Written(file, roots, bytes);
    }

    private static void collectIds(WriteNode node, Set<String> out) {
        out.add(node.encodingId());
        node.children().forEach(c -> collectIds(c, out));
    }

    /** Bytes of every flat segment under each top-level column's data (zone maps excluded). */
    private static Map<String, Long> columnDataBytes(Path file) {
        Map<String, Long> out = new LinkedHashMap<>();
        try (VortexFile f = VortexFile.open(file)) {
            Layout root = f.rootLayout();
            DType.Struct schema = (DType.Struct) root.dtype();
            List<Layout> children = root.children();
            for (int c = 0; c < children.size(); c++) {
                out.put(schema.names().get(c), dataBytes(f, children.get(c)));
            }
        }
        return out;
    }

    private static long dataBytes(VortexFile f, Layout layout) {
        return switch (layout) {
            case Layout.Flat flat -> f.segmentSpec(flat.segmentId()).lengthBytes();
            case Layout.Zoned z -> dataBytes(f, z.data());
            default -> layout.children().stream().mapToLong(l -> dataBytes(f, l)).sum();
        };
    }

    @Test
    void textColumnsAreReadValueExactAndChooseFsstOrOnPair() {
        long seed = Seeds.seed("CompressorStringsConformanceTest.textColumnsAreReadValueExactAndChooseFsstOrOnPair");
        GeneratedTable table = table(seed);
        RustOracle oracle = RustOracle.shared();
        Edition[] editions = {Edition.CORE2025_05_0, Edition.CORE2026_08_0, Edition.DEFAULT};
        for (Edition edition : editions) {
            boolean views = edition != Edition.CORE2026_08_0;
            Written ours = writeOurs(table, edition, views);
            assertThat(oracle.read(ours.file())).as("Rust reader, %s, seed %d", edition.id(), seed)
                    .isEqualTo(table.rows());
            assertThat(RustWrittenFilesReadTest.readJsonl(ours.file())).as("jvortex reader, %s, seed %d",
                    edition.id(), seed).isEqualTo(table.rows());
            Set<String> fragmenting = edition.allowsArray("vortex.onpair")
                    ? Set.of("vortex.fsst", "vortex.onpair") : Set.of("vortex.fsst");
            for (String column : TEXT) {
                assertThat(ours.rootEncodings().get(column)).as("%s in %s", column, edition.id())
                        .isNotEmpty().isSubsetOf(fragmenting);
            }
            if (!edition.allowsArray("vortex.onpair")) {
                assertThat(ours.rootEncodings().get("*all")).doesNotContain("vortex.onpair");
            }
            // All-null chunks never reach the encoder (the file writer stores them as constant nulls).
            assertThat(ours.rootEncodings()).doesNotContainKey("allnull");
            for (String id : ours.rootEncodings().get("*all")) {
                assertThat(edition.allowsArray(id)).as("%s allowed in %s", id, edition.id()).isTrue();
            }
        }
    }

    /**
     * OnPair alone and FSST alone over the same table: Rust reads both value-exact, and on long
     * repeats OnPair's 16-byte tokens beat FSST's 8-byte symbols. (Which of the two the default
     * compressor picks is decided on a 1 % sample, where OnPair's training budget is small and its
     * codes are not yet bit-packed on this branch, so the choice itself is not asserted here.)
     */
    @Test
    void onPairAndFsstAloneAreReadByRustAndOnPairWinsOnLongRepeats() {
        long seed = Seeds.seed("CompressorStringsConformanceTest.onPairAndFsstAloneAreReadByRustAndOnPairWinsOnLongRepeats");
        GeneratedTable table = table(seed);
        RustOracle oracle = RustOracle.shared();
        Written onPair = writeOurs(table, new Compressor(List.of(new io.jvortex.internal.encodings.onpair.OnPairScheme()),
                Edition.DEFAULT::allowsArray), "onpair-only", true);
        Written fsst = writeOurs(table, new Compressor(List.of(new io.jvortex.internal.encodings.fsst.FsstScheme()),
                Edition.DEFAULT::allowsArray), "fsst-only", false);
        assertThat(oracle.read(onPair.file())).as("Rust reader, OnPair only, seed %d", seed).isEqualTo(table.rows());
        assertThat(oracle.read(fsst.file())).as("Rust reader, FSST only, seed %d", seed).isEqualTo(table.rows());
        assertThat(RustWrittenFilesReadTest.readJsonl(onPair.file())).isEqualTo(table.rows());
        for (String column : List.of("words", "urls", "longrep", "unicode")) {
            assertThat(onPair.rootEncodings().get(column)).as(column).contains("vortex.onpair");
        }
        assertThat(onPair.nodeBytes().get("longrep")).isLessThan(fsst.nodeBytes().get("longrep"));
        System.out.printf("OnPair only vs FSST only, node bytes, seed %d: %s vs %s%n", seed, onPair.nodeBytes(),
                fsst.nodeBytes());
    }

    @Test
    void sizesNextToTheRustDefaultWriter() {
        long seed = Seeds.seed("CompressorStringsConformanceTest.sizesNextToTheRustDefaultWriter");
        GeneratedTable table = table(seed);
        RustOracle oracle = RustOracle.shared();
        for (Edition edition : new Edition[] {Edition.CORE2026_08_0, Edition.DEFAULT}) {
            Written ours = writeOurs(table, edition, true);
            Path rustFile = dir.resolve("rust-" + edition.id() + ".vortex");
            oracle.write(table, rustFile, RustOracle.Strategy.DEFAULT, edition.id());
            assertThat(oracle.read(rustFile)).isEqualTo(table.rows());
            Map<String, Long> mine = columnDataBytes(ours.file());
            Map<String, Long> theirs = columnDataBytes(rustFile);
            StringBuilder report = new StringBuilder("column data bytes, jvortex vs Rust default writer, edition "
                    + edition.id() + ", seed " + seed + ":\n");
            for (String column : mine.keySet()) {
                long a = mine.get(column);
                long b = theirs.get(column);
                report.append(String.format("  %-8s ours %8d  rust %8d  ratio %.3f  roots %s%n", column, a, b,
                        (double) a / b, ours.rootEncodings().get(column)));
            }
            System.out.print(report);
            // Every text column must at least beat its uncompressed size by the margin FSST gives here.
            for (String column : TEXT) {
                long raw = table.columns().get(indexOf(table, column)).stream()
                        .mapToLong(v -> v == null ? 0 : v instanceof String s ? s.getBytes(StandardCharsets.UTF_8).length
                                : ((byte[]) v).length).sum();
                assertThat(mine.get(column)).as("%s vs %d raw bytes", column, raw).isLessThan(raw * 3 / 4);
            }
        }
    }

    private static int indexOf(GeneratedTable table, String column) {
        List<TypeSpec.Field> columns = table.spec().columns();
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equals(column)) {
                return i;
            }
        }
        throw new IllegalArgumentException(column);
    }
}
