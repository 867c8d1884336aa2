package io.jvortex.conformance;

import static io.jvortex.conformance.TableChunks.randomBatches;
import static io.jvortex.conformance.TableChunks.schema;
import static io.jvortex.expr.Expr.col;
import static io.jvortex.expr.Expr.lit;
import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.Chunk;
import io.jvortex.api.Edition;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.ScanOptions;
import io.jvortex.api.VortexReader;
import io.jvortex.api.VortexWriter;
import io.jvortex.api.WriteOptions;
import io.jvortex.expr.Expr;
import io.jvortex.internal.jsonl.JsonlWriter;
import io.jvortex.testing.CanonicalRows;
import io.jvortex.testing.RandomTables.ColumnPlan;
import io.jvortex.testing.RandomTables.GeneratedTable;
import io.jvortex.testing.RandomTables.NullShape;
import io.jvortex.testing.RandomTables.ValueShape;
import io.jvortex.testing.Seeds;
import io.jvortex.testing.TableSpec;
import io.jvortex.testing.TypeSpec;
import io.jvortex.testing.TypeSpec.PrimitiveKind;
import io.jvortex.testing.oracle.RustOracle;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code fastlanes.bitpacked.v2} and {@code fastlanes.for.v2} across implementations: integer columns
 * whose 1024-row blocks need different widths or sit around different bases, written by the Rust
 * writer (0.91) in edition {@code unstable2026.10.0} and read by jvortex exactly (scan, filters against
 * the Rust reader's filtered scan, take), and written by jvortex in that edition and read exactly by the
 * Rust reader. Both directions check that the files really contain the v2 encodings.
 */
class UnstableFastLanesConformanceTest {
    private static final String EDITION = "unstable2026.10.0";
    private static final PrimitiveKind[] KINDS = {PrimitiveKind.U8, PrimitiveKind.U16, PrimitiveKind.U32,
                                                  PrimitiveKind.U64, PrimitiveKind.I8, PrimitiveKind.I16,
                                                  PrimitiveKind.I32, PrimitiveKind.I64};
    private static Path dir;

    @BeforeAll
    static void createDir() throws IOException {
        dir = Files.createTempDirectory("jvortex-unstable-fastlanes");
    }

    /** A value of {@code bits} random bits (at most {@code maxBits}), non-negative. */
    private static long bits(SplittableRandom random, int bits, int maxBits) {
        int b = Math.min(bits, maxBits);
        return b == 0 ? 0 : random.nextLong() >>> (64 - b);
    }

    /**
     * Columns of every integer type: block widths that change every 1024 rows with a few full-width
     * outliers (bit-packing v2 with patches), and per-chunk bases (frame of reference v2), some with nulls.
     */
    private static GeneratedTable table(long seed, int rows) {
        SplittableRandom random = new SplittableRandom(seed);
        List<TypeSpec.Field> fields = new ArrayList<>();
        List<ColumnPlan> plans = new ArrayList<>();
        List<List<Object>> columns = new ArrayList<>();
        for (PrimitiveKind kind : KINDS) {
            int typeBits = kind.bitWidth();
            int valueBits = kind.signed() ? typeBits - 1 : typeBits;
            boolean nullable = random.nextBoolean();
            for (String shape : List.of("blocks", "bases")) {
                String name = kind.name().toLowerCase() + "_" + shape;
                TypeSpec type = new TypeSpec.Primitive(kind, nullable);
                int[] widths = new int[rows / 1024 + 1];
                long[] bases = new long[widths.length];
                for (int b = 0; b < widths.length; b++) {
                    widths[b] = random.nextInt(valueBits + 1);
                    bases[b] = kind.signed() ? bits(random, valueBits, valueBits) - (1L << (valueBits - 1))
                            : bits(random, valueBits - 2, valueBits);
                }
                List<Object> values = new ArrayList<>(rows);
                for (int i = 0; i < rows; i++) {
                    int block = i / 1024;
                    long v;
                    if (shape.equals("blocks")) {
                        v = random.nextInt(200) == 0 ? bits(random, valueBits, valueBits)
                                : bits(random, widths[block], valueBits);
                    } else {
                        // small offsets from the chunk's base, kept inside the type's range
                        long small = bits(random, Math.min(widths[block], valueBits - 2), valueBits);
                        v = kind.signed() ? Math.max(bases[block], -(1L << (valueBits - 1))) / 2 + small / 2
                                : (bases[block] >>> 1) + (small >>> 1);
                    }
                    values.add(nullable && random.nextInt(10) == 0 ? null : v);
                }
                fields.add(new TypeSpec.Field(name, type));
                plans.add(new ColumnPlan(name, type, ValueShape.RANDOM, nullable ? NullShape.SOME : NullShape.NONE));
                columns.add(values);
            }
        }
        TableSpec spec = TableSpec.of(fields.toArray(TypeSpec.Field[]::new));
        List<String> lines = new ArrayList<>(rows);
        for (int r = 0; r < rows; r++) {
            List<Object> row = new ArrayList<>(columns.size());
            for (List<Object> c : columns) {
                row.add(c.get(r));
            }
            lines.add(CanonicalRows.row(spec, row));
        }
        return new GeneratedTable(seed, spec, plans, columns, lines);
    }

    private static List<String> scan(VortexReader reader, ScanOptions options) {
        StringWriter out = new StringWriter();
        JsonlWriter writer = new JsonlWriter(out);
        try (ScanIterator scan = reader.scan(options)) {
            while (scan.hasNext()) {
                try (Chunk chunk = scan.next()) {
                    writer.write(chunk.rawArray());
                }
            }
        }
        writer.flush();
        return out.toString().lines().toList();
    }

    @Test
    void rustWrittenV2FilesReadExactly() {
        long base = Seeds.seed("UnstableFastLanesConformanceTest.rustWritten");
        RustOracle oracle = RustOracle.shared();
        SplittableRandom random = new SplittableRandom(base);
        boolean sawBitPackedV2 = false;
        boolean sawForV2 = false;
        for (int rows : new int[] {1, 1023, 1025, 70_001}) {
            GeneratedTable table = table(base + rows, rows);
            Path file = dir.resolve("rust-" + rows + ".vortex");
            oracle.write(table, file, RustOracle.Strategy.DEFAULT, EDITION);
            Set<String> encodings = RustWrittenFilesReadTest.encodingsOf(file);
            sawBitPackedV2 |= encodings.contains("fastlanes.bitpacked.v2");
            sawForV2 |= encodings.contains("fastlanes.for.v2");
            List<String> rust = oracle.read(file);
            assertThat(rust).as("Rust reader vs generated rows, %d rows, seed %d", rows, table.seed())
                    .isEqualTo(table.rows());
            try (VortexReader reader = VortexReader.open(file)) {
                assertThat(scan(reader, ScanOptions.all())).as("scan, %d rows, encodings %s", rows, encodings)
                        .isEqualTo(rust);
                // filters on every column compare against the Rust reader's filtered scan
                for (int c = 0; c < table.columns().size(); c++) {
                    String name = table.plans().get(c).name();
                    Object pivot = table.columns().get(c).get(random.nextInt(rows));
                    long literal = pivot == null ? 0 : (Long) pivot;
                    if (name.startsWith("u64") && literal < 0) {
                        literal >>>= 1; // the literal must be a value of the column's type
                    }
                    for (Expr e : List.of(col(name).gt(lit(literal)), col(name).eq(lit(literal)),
                            col(name).lt(lit(literal)))) {
                        List<String> ours = scan(reader, ScanOptions.builder().filter(e).build());
                        assertThat(ours).as("%d rows, %s", rows, e.sql())
                                .isEqualTo(oracle.readFiltered(file, e.bind(reader.schema()), null));
                    }
                }
                long[] indices = random.longs(Math.min(rows, 500), 0, rows).sorted().toArray();
                try (Chunk taken = reader.take(indices)) {
                    StringWriter out = new StringWriter();
                    JsonlWriter writer = new JsonlWriter(out);
                    writer.write(taken.rawArray());
                    writer.flush();
                    List<String> expected = Arrays.stream(indices).mapToObj(i -> rust.get((int) i)).toList();
                    assertThat(out.toString().lines().toList()).as("take, %d rows", rows).isEqualTo(expected);
                }
            }
        }
        assertThat(sawBitPackedV2).as("the Rust writer emitted fastlanes.bitpacked.v2").isTrue();
        assertThat(sawForV2).as("the Rust writer emitted fastlanes.for.v2").isTrue();
    }

    @Test
    void jvortexWrittenV2FilesReadExactlyByRust() {
        long base = Seeds.seed("UnstableFastLanesConformanceTest.jvortexWritten");
        SplittableRandom random = new SplittableRandom(base);
        for (int rows : new int[] {1, 1025, 70_001}) {
            GeneratedTable table = table(base + rows, rows);
            for (Edition edition : List.of(Edition.UNSTABLE2026_10_0, Edition.CORE2026_08_3)) {
                Path file = dir.resolve("ours-" + rows + "-" + edition.id() + ".vortex");
                try (VortexWriter writer = VortexWriter.create(file, schema(table.spec()),
                        WriteOptions.defaults().withEdition(edition))) {
                    randomBatches(table, random, 0).forEach(writer::write);
                }
                assertThat(RustOracle.shared().read(file)).as("Rust reader, %s, %d rows, seed %d", edition.id(),
                        rows, table.seed()).isEqualTo(table.rows());
                try (VortexReader reader = VortexReader.open(file)) {
                    assertThat(scan(reader, ScanOptions.all())).as("jvortex reader").isEqualTo(table.rows());
                }
                Set<String> encodings = RustWrittenFilesReadTest.encodingsOf(file);
                if (edition == Edition.UNSTABLE2026_10_0 && rows > 70_000) {
                    assertThat(encodings).as("what the writer emitted").contains("fastlanes.bitpacked.v2",
                            "fastlanes.for.v2");
                }
                if (edition != Edition.UNSTABLE2026_10_0) {
                    assertThat(encodings).doesNotContain("fastlanes.bitpacked.v2", "fastlanes.for.v2");
                }
            }
        }
    }
}
