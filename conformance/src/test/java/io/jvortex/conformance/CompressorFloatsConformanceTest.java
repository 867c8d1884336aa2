package io.jvortex.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.Chunk;
import io.jvortex.api.Edition;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.VortexReader;
import io.jvortex.array.Canonical;
import io.jvortex.array.DecimalArray;
import io.jvortex.array.ExtensionArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.StructArray;
import io.jvortex.array.Validity;
import io.jvortex.internal.registry.BuiltinSchemes;
import io.jvortex.internal.compress.Compressor;
import io.jvortex.internal.compress.NodeSize;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.PType;
import io.jvortex.dtype.TimeUnit;
import io.jvortex.internal.encodings.alp.AlpEncoder;
import io.jvortex.internal.encodings.alprd.AlpRdEncoder;
import io.jvortex.internal.encodings.datetimeparts.DateTimePartsEncoder;
import io.jvortex.internal.encodings.decimalbyteparts.DecimalBytePartsEncoder;
import io.jvortex.testing.Seeds;
import io.jvortex.testing.oracle.RustOracle;
import io.jvortex.spi.CanonicalEncoder;
import io.jvortex.internal.write.FileWriter;
import io.jvortex.spi.WriteNode;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Float, decimal and timestamp columns written by the cascading compressor ({@link BuiltinSchemes#defaults()})
 * in several editions are read value-exact by the Rust reader (vortex-data 0.91) and bit-exact by jvortex, and
 * the encodings were actually chosen where they fit the data. A second test forces every float column through
 * ALP and then ALP-RD (with canonical children), so the Rust reader judges those wire forms — patches with and
 * without chunk offsets included — whatever the integer schemes available.
 */
class CompressorFloatsConformanceTest {
    private static final Edition[] EDITIONS = {Edition.CORE2025_05_0, Edition.CORE2025_10_0, Edition.DEFAULT};
    private static final int[] CHUNKS = {1, 1023, 0, 1025, 6000};

    private static final double[] SPECIAL_F64 = {
        -0.0, Double.NaN, Double.longBitsToDouble(0x7FF8_0000_0000_0123L), Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY, Double.MIN_VALUE, -3 * Double.MIN_VALUE, Double.MIN_NORMAL / 3, Double.MAX_VALUE,
        -1e300, 1.0 / 3,
    };
    private static final float[] SPECIAL_F32 = {
        -0.0f, Float.NaN, Float.intBitsToFloat(0x7FC0_0123), Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY,
        Float.MIN_VALUE, Float.MIN_NORMAL / 3, Float.MAX_VALUE, 1.0f / 3,
    };

    @TempDir
    Path dir;

    /** One column: its name and how to build a chunk of it. */
    private record Column(String name, DType dtype, Generator values) {
    }

    @FunctionalInterface
    private interface Generator {
        Canonical chunk(SplittableRandom r, int length, DType dtype);
    }

    private static List<Column> columns() {
        List<Column> c = new ArrayList<>();
        c.add(new Column("prices", f64(true), (r, n, t) -> f64(r, n, t, () -> r.nextLong(100, 100_000) / 100.0)));
        c.add(new Column("prices_dense", f64(false),
                (r, n, t) -> f64(r, n, t, () -> r.nextLong(100, 100_000) / 100.0)));
        c.add(new Column("noise", f64(false), (r, n, t) -> f64(r, n, t, () -> 20 + 3 * r.nextGaussian())));
        c.add(new Column("noise32", f32(true), (r, n, t) -> f32(r, n, t, () -> (float) (20 + 3 * r.nextGaussian()))));
        c.add(new Column("tenths32", f32(false), (r, n, t) -> f32(r, n, t, () -> r.nextInt(0, 1000) / 10.0f)));
        c.add(new Column("specials", f64(true), (r, n, t) -> f64(r, n, t, () -> r.nextInt(6) == 0
                ? SPECIAL_F64[r.nextInt(SPECIAL_F64.length)] : r.nextLong(100, 100_000) / 100.0)));
        c.add(new Column("specials32", f32(false), (r, n, t) -> f32(r, n, t, () -> r.nextInt(6) == 0
                ? SPECIAL_F32[r.nextInt(SPECIAL_F32.length)] : r.nextInt(0, 1000) / 10.0f)));
        c.add(new Column("dec10_2", new DType.Decimal(10, 2, true), (r, n, t) -> decimal(r, n, t, 8, 1_000_000)));
        c.add(new Column("dec18_3", new DType.Decimal(18, 3, false),
                (r, n, t) -> decimal(r, n, t, 8, 1_000_000_000_000_000L)));
        c.add(new Column("dec38_5", new DType.Decimal(38, 5, true), (r, n, t) -> decimal(r, n, t, 16, 1L << 40)));
        c.add(new Column("dec38_wide", new DType.Decimal(38, 0, false),
                (r, n, t) -> decimal(r, n, t, 16, Long.MAX_VALUE)));
        c.add(new Column("dec4_1", new DType.Decimal(4, 1, false), (r, n, t) -> decimal(r, n, t, 2, 9999)));
        c.add(new Column("ts_s", Extensions.timestamp(TimeUnit.SECONDS, "UTC", true),
                (r, n, t) -> timestamps(r, n, t, true, false)));
        c.add(new Column("ts_ms", Extensions.timestamp(TimeUnit.MILLISECONDS, "Europe/Berlin", false),
                (r, n, t) -> timestamps(r, n, t, true, false)));
        c.add(new Column("ts_us", Extensions.timestamp(TimeUnit.MICROSECONDS, null, true),
                (r, n, t) -> timestamps(r, n, t, false, false)));
        c.add(new Column("ts_ns", Extensions.timestamp(TimeUnit.NANOSECONDS, "America/New_York", true),
                (r, n, t) -> timestamps(r, n, t, false, true)));
        c.add(new Column("all_null", f64(true), (r, n, t) -> new PrimitiveArray((DType.Primitive) t,
                MemorySegment.ofArray(new byte[8 * n]), n, Validity.ALL_INVALID)));
        return c;
    }

    private static DType.Primitive f64(boolean nullable) {
        return new DType.Primitive(PType.F64, nullable);
    }

    private static DType.Primitive f32(boolean nullable) {
        return new DType.Primitive(PType.F32, nullable);
    }

    /** A third of the rows null when the dtype is nullable. */
    private static Validity validity(SplittableRandom r, int n, DType dtype) {
        if (!dtype.nullable()) {
            return Validity.ALL_VALID;
        }
        MemorySegment bits = MemorySegment.ofArray(new byte[(n + 7) / 8 + 1]);
        for (int i = 0; i < n; i++) {
            Validity.Bits.set(bits, i, r.nextInt(3) != 0);
        }
        return new Validity.Bitmap(bits, 0);
    }

    private static PrimitiveArray f64(SplittableRandom r, int n, DType t, java.util.function.DoubleSupplier v) {
        MemorySegment out = MemorySegment.ofArray(new byte[8 * n]);
        for (int i = 0; i < n; i++) {
            out.set(ValueLayout.JAVA_LONG_UNALIGNED, 8L * i, Double.doubleToRawLongBits(v.getAsDouble()));
        }
        return new PrimitiveArray((DType.Primitive) t, out, n, validity(r, n, t));
    }

    private interface FloatSupplier {
        float get();
    }

    private static PrimitiveArray f32(SplittableRandom r, int n, DType t, FloatSupplier v) {
        MemorySegment out = MemorySegment.ofArray(new byte[4 * n]);
        for (int i = 0; i < n; i++) {
            out.set(ValueLayout.JAVA_INT_UNALIGNED, 4L * i, Float.floatToRawIntBits(v.get()));
        }
        return new PrimitiveArray((DType.Primitive) t, out, n, validity(r, n, t));
    }

    /** Unscaled values in {@code [-bound, bound)} (below the precision's limit), sign-extended to {@code width}. */
    private static DecimalArray decimal(SplittableRandom r, int n, DType t, int width, long bound) {
        DType.Decimal d = (DType.Decimal) t;
        long limit = d.precision() >= 19 ? bound : Math.min(bound, pow10(d.precision()));
        MemorySegment out = MemorySegment.ofArray(new byte[n * width]);
        for (int i = 0; i < n; i++) {
            long v = r.nextLong(-limit + 1, limit);
            for (int b = 0; b < width; b++) {
                out.set(ValueLayout.JAVA_BYTE, (long) i * width + b, (byte) (b < 8 ? v >> (8 * b) : v >> 63));
            }
            if (width == 16 && bound == Long.MAX_VALUE && (i == 0 || r.nextInt(50) == 0)) {
                // beyond i64: the high word carries magnitude, not just the sign
                out.set(ValueLayout.JAVA_LONG_UNALIGNED, (long) i * width + 8, r.nextLong(1, 1L << 40));
            }
        }
        return new DecimalArray(d, width, out, n, validity(r, n, t));
    }

    private static long pow10(int k) {
        long p = 1;
        for (int i = 0; i < k; i++) {
            p *= 10;
        }
        return p;
    }

    /** Instants within a year after 2023-11-14 (or, with {@code preEpoch}, a third before 1970). */
    private static ExtensionArray timestamps(SplittableRandom r, int n, DType t, boolean wholeSeconds,
                                             boolean preEpoch) {
        DType.Extension ext = (DType.Extension) t;
        long perSecond = ((Extensions.TimestampKind) Extensions.kind(ext).orElseThrow()).unit().ticksPerSecond();
        MemorySegment out = MemorySegment.ofArray(new byte[8 * n]);
        for (int i = 0; i < n; i++) {
            long seconds = preEpoch && r.nextInt(3) == 0 ? -r.nextLong(1, 50L * 365 * 86_400)
                    : 1_700_000_000L + r.nextLong(365L * 86_400);
            long v = seconds * perSecond + (wholeSeconds ? 0 : r.nextLong(perSecond));
            out.set(ValueLayout.JAVA_LONG_UNALIGNED, 8L * i, v);
        }
        return new ExtensionArray(ext, new PrimitiveArray((DType.Primitive) ext.storage(), out, n,
                validity(r, n, ext.storage())));
    }

    private static List<StructArray> chunks(long seed, List<Column> columns, DType.Struct schema) {
        SplittableRandom r = new SplittableRandom(seed);
        List<StructArray> out = new ArrayList<>();
        for (int len : CHUNKS) {
            List<Canonical> fields = new ArrayList<>();
            for (Column c : columns) {
                fields.add(c.values().chunk(r, len, c.dtype()));
            }
            out.add(new StructArray(schema, fields, len, Validity.ALL_VALID));
        }
        return out;
    }

    private static DType.Struct schema(List<Column> columns) {
        return new DType.Struct(columns.stream().map(Column::name).toList(),
                columns.stream().map(Column::dtype).toList(), false);
    }

    /** Every row as raw values (floats as bits), read back by jvortex. */
    private static List<List<Object>> readBack(Path file) {
        List<List<Object>> rows = new ArrayList<>();
        try (VortexReader reader = VortexReader.open(file); ScanIterator scan = reader.scan()) {
            while (scan.hasNext()) {
                try (Chunk chunk = scan.next()) {
                    rows.addAll(rawRows((StructArray) chunk.rawArray()));
                }
            }
        }
        return rows;
    }

    private static List<List<Object>> rawRows(StructArray chunk) {
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < chunk.length(); i++) {
            List<Object> row = new ArrayList<>();
            for (Canonical f : chunk.fields()) {
                row.add(raw(f, i));
            }
            rows.add(row);
        }
        return rows;
    }

    private static Object raw(Canonical a, int i) {
        if (!a.isValid(i)) {
            return null;
        }
        return switch (a) {
            case PrimitiveArray p -> p.getLong(i);
            case DecimalArray d -> d.getUnscaled(i);
            case ExtensionArray e -> raw(e.storage(), i);
            default -> throw new IllegalArgumentException(a.dtype().display());
        };
    }

    /** The Rust reader and our reader against the arrays written. */
    private static void checkReads(Path file, List<StructArray> chunks, String what) {
        List<String> expected = TableChunks.jsonl(chunks);
        assertThat(RustOracle.shared().read(file)).as("Rust reader, %s", what).isEqualTo(expected);
        List<List<Object>> raw = new ArrayList<>();
        chunks.forEach(c -> raw.addAll(rawRows(c)));
        assertThat(readBack(file)).as("jvortex reader, %s", what).isEqualTo(raw);
    }

    /** Encoding ids of every node, per column. */
    private static void collect(WriteNode node, Set<String> out) {
        out.add(node.encodingId());
        node.children().forEach(ch -> collect(ch, out));
    }

    @Test
    void compressedTablesInSeveralEditionsReadExactlyAndUseTheFittingEncodings() {
        long seed = Seeds.seed("CompressorFloatsConformanceTest.compressed");
        List<Column> columns = columns();
        DType.Struct schema = schema(columns);
        List<StructArray> chunks = chunks(seed, columns, schema);
        boolean intsCompress = BuiltinSchemes.defaults().stream()
                .anyMatch(s -> s.encodingId().equals("fastlanes.bitpacked"));
        for (Edition edition : EDITIONS) {
            Map<Canonical, String> names = new IdentityHashMap<>();
            for (StructArray c : chunks) {
                for (int k = 0; k < columns.size(); k++) {
                    names.put(c.fields().get(k), columns.get(k).name());
                }
            }
            Map<String, Set<String>> roots = new HashMap<>();
            Map<String, Set<String>> ids = new HashMap<>();
            Map<String, long[]> sizes = new LinkedHashMap<>();
            Compressor compressor = new Compressor(BuiltinSchemes.defaults(), edition::allowsArray);
            Function<Canonical, WriteNode> encoder = field -> {
                WriteNode node = compressor.compress(field);
                String name = names.get(field);
                roots.computeIfAbsent(name, k -> new LinkedHashSet<>()).add(node.encodingId());
                collect(node, ids.computeIfAbsent(name, k -> new LinkedHashSet<>()));
                long[] s = sizes.computeIfAbsent(name, k -> new long[2]);
                s[0] += NodeSize.bytes(node);
                s[1] += NodeSize.bytes(CanonicalEncoder.encode(field));
                return node;
            };
            Path file = dir.resolve("compressed-" + edition.id() + ".vortex");
            FileWriter.write(file, schema, chunks.iterator(), encoder);
            checkReads(file, chunks, edition.id() + ", seed " + seed);
            sizes.forEach((name, s) -> System.out.printf("%s %-12s %8d / %8d canonical bytes = %.3f%n", edition.id(),
                    name, s[0], s[1], (double) s[0] / s[1]));

            for (Set<String> used : ids.values()) {
                assertThat(used).allMatch(edition::allowsArray);
            }
            // decimals that narrow and whole-second timestamps are split even before their parts compress
            assertThat(roots.get("dec10_2")).contains("vortex.decimal_byte_parts");
            assertThat(roots.get("dec38_5")).contains("vortex.decimal_byte_parts");
            assertThat(roots.get("dec38_wide")).contains("vortex.decimal").doesNotContain("vortex.decimal_byte_parts");
            assertThat(roots.get("ts_ms")).contains("vortex.datetimeparts");
            if (intsCompress) {
                assertThat(roots.get("prices_dense")).contains("vortex.alp");
                assertThat(roots.get("prices")).contains("vortex.alp");
                assertThat(roots.get("tenths32")).contains("vortex.alp");
                assertThat(roots.get("noise")).contains("vortex.alprd");
                assertThat(roots.get("dec18_3")).contains("vortex.decimal_byte_parts");
                assertThat(sizes.get("prices_dense")[0]).isLessThan(sizes.get("prices_dense")[1] / 2);
            } else {
                // without integer compression ALP's integers are as large as the floats: never chosen
                assertThat(roots.get("prices_dense")).containsOnly("vortex.primitive");
                assertThat(roots.get("dec18_3")).containsOnly("vortex.decimal");
            }
        }
    }

    @Test
    void forcedAlpAndAlpRdFilesReadExactly() {
        long seed = Seeds.seed("CompressorFloatsConformanceTest.forced");
        List<Column> columns = columns();
        DType.Struct schema = schema(columns);
        List<StructArray> chunks = chunks(seed, columns, schema);
        for (Edition edition : new Edition[] {Edition.CORE2025_05_0, Edition.DEFAULT}) {
            boolean chunkOffsets = edition.allowsArray("fastlanes.rle");
            for (boolean rd : new boolean[] {false, true}) {
                Function<Canonical, WriteNode> encoder = field -> switch (field) {
                    case PrimitiveArray p when p.ptype().isFloat() -> {
                        if (rd) {
                            yield AlpRdEncoder.encodeCanonical(p);
                        }
                        AlpEncoder.Encoded enc = AlpEncoder.encode(p);
                        yield AlpEncoder.node(enc, CanonicalEncoder.encode(enc.encoded()), chunkOffsets);
                    }
                    case DecimalArray d -> {
                        WriteNode node = DecimalBytePartsEncoder.encodeCanonical(d);
                        yield node != null ? node : CanonicalEncoder.encode(d);
                    }
                    case ExtensionArray e -> DateTimePartsEncoder.encodeCanonical(e);
                    default -> CanonicalEncoder.encode(field);
                };
                Path file = dir.resolve("forced-" + (rd ? "alprd-" : "alp-") + edition.id() + ".vortex");
                FileWriter.write(file, schema, chunks.iterator(), encoder);
                checkReads(file, chunks, (rd ? "ALP-RD" : "ALP") + " " + edition.id() + ", seed " + seed);
            }
        }
    }

    /** Beyond 65535 rows patch indices are u32 and ALP's chunk offsets u16. */
    @Test
    void longChunksWithWidePatchIndicesReadExactly() {
        long seed = Seeds.seed("CompressorFloatsConformanceTest.long");
        SplittableRandom r = new SplittableRandom(seed);
        List<Column> columns = columns().stream()
                .filter(c -> c.name().equals("specials") || c.name().equals("noise32")).toList();
        DType.Struct schema = schema(columns);
        int len = 70_000;
        List<Canonical> fields = new ArrayList<>();
        for (Column c : columns) {
            fields.add(c.values().chunk(r, len, c.dtype()));
        }
        List<StructArray> chunks = List.of(new StructArray(schema, fields, len, Validity.ALL_VALID));
        PrimitiveArray specials = (PrimitiveArray) fields.get(0);
        AlpEncoder.Encoded alp = AlpEncoder.encode(specials);
        assertThat(alp.patchPositions()[alp.patchCount() - 1]).isGreaterThan(0xFFFF);
        WriteNode alpNode = AlpEncoder.node(alp, CanonicalEncoder.encode(alp.encoded()), true);
        assertThat(alpNode.children().get(1).buffers().getFirst().data().byteSize()).isEqualTo(4L * alp.patchCount());
        Function<Canonical, WriteNode> encoder = field -> field == specials ? alpNode
                : AlpRdEncoder.encodeCanonical((PrimitiveArray) field);
        Path file = dir.resolve("long.vortex");
        FileWriter.write(file, schema, chunks.iterator(), encoder);
        checkReads(file, chunks, "70000 rows, seed " + seed);
    }
}
