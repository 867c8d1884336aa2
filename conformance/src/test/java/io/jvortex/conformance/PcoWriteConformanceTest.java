package io.jvortex.conformance;

import static io.jvortex.conformance.TableChunks.*;
import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.Edition;
import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.StructArray;
import io.jvortex.array.Validity;
import io.jvortex.internal.compress.Compressor;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.internal.encodings.pco.PcoScheme;
import io.jvortex.internal.pco.PcoDecoder;
import io.jvortex.internal.pco.PcoEncoder;
import io.jvortex.testing.Seeds;
import io.jvortex.testing.TableSpec;
import io.jvortex.testing.TypeSpec;
import io.jvortex.testing.TypeSpec.PrimitiveKind;
import io.jvortex.testing.oracle.RustOracle;
import io.jvortex.internal.write.FileWriter;
import io.jvortex.spi.WriteNode;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files whose numeric columns the Java pco scheme wrote ({@code vortex.pco}, editions from
 * core2025.06.0) are read value for value by the Rust reader (vortex-data 0.91 with pco 1.0.x) and
 * by ours; the sizes are reported next to the Rust compact writer's for the same table.
 */
@Tag("soak") // slow; -Pfast skips it, ./test runs it
class PcoWriteConformanceTest {
    private static final List<PType> TYPES = List.of(PType.I16, PType.I32, PType.I64, PType.U16, PType.U32,
            PType.U64, PType.F16, PType.F32, PType.F64);
    private static final List<String> EDITIONS = RustOracle.EDITIONS.stream()
            .filter(e -> e.compareTo("core2025.06.0") >= 0).toList();

    enum Shape { RANDOM, SMALL_RANGE, SORTED, MULTIPLES, DECIMALS, LOW_BITS_ZERO, REPEATING, SPECIAL, CONSTANT }

    @TempDir
    Path dir;

    @Test
    void rustReadsEveryTypeAndShapeInEveryEdition() throws IOException {
        long seed = Seeds.seed("PcoWriteConformanceTest.everyTypeAndShape");
        SplittableRandom rnd = new SplittableRandom(seed);
        int[] lengths = {1, 1023, 1025, 9951};
        int rows = Arrays.stream(lengths).sum();
        StringBuilder report = new StringBuilder();
        java.util.Set<String> modes = new java.util.TreeSet<>();
        for (PType ptype : TYPES) {
            List<String> names = new ArrayList<>();
            List<DType> dtypes = new ArrayList<>();
            List<TypeSpec.Field> fields = new ArrayList<>();
            List<PrimitiveArray> columns = new ArrayList<>();
            for (Shape shape : Shape.values()) {
                for (boolean nullable : new boolean[] {false, true}) {
                    String name = shape.name().toLowerCase() + (nullable ? "_null" : "");
                    DType.Primitive dtype = new DType.Primitive(ptype, nullable);
                    names.add(name);
                    dtypes.add(dtype);
                    fields.add(new TypeSpec.Field(name, new TypeSpec.Primitive(kind(ptype), nullable)));
                    columns.add(column(dtype, shape, rows, rnd));
                }
            }
            DType.Struct schema = new DType.Struct(names, dtypes, false);
            List<StructArray> chunks = split(schema, columns, lengths);
            for (Canonical c : chunks.getLast().fields()) {
                modes.add(modeOf((PrimitiveArray) c));
            }
            List<String> expected = jsonl(chunks);
            for (String editionId : EDITIONS) {
                Edition edition = Edition.of(editionId);
                Path ours = dir.resolve(ptype + "-" + editionId + ".vortex");
                Compressor compressor = new Compressor(List.of(new PcoScheme()), edition::allowsArray);
                long oursSize = FileWriter.write(ours, schema, chunks.iterator(), compressor::compress);
                assertThat(contains(ours, "vortex.pco")).as("%s %s uses pco", ptype, editionId).isTrue();
                assertThat(RustOracle.shared().read(ours)).as("Rust reads %s %s, seed %d", ptype, editionId, seed)
                        .isEqualTo(expected);
                assertThat(readWithJvortex(ours)).as("jvortex reads %s %s", ptype, editionId).isEqualTo(expected);
                if (editionId.equals(EDITIONS.getLast())) {
                    Path rowsFile = dir.resolve(ptype + ".rows.jsonl");
                    Files.write(rowsFile, expected, StandardCharsets.UTF_8);
                    Path rust = dir.resolve(ptype + "-rust-compact.vortex");
                    RustOracle.shared().write(new TableSpec(fields), rowsFile, rust, RustOracle.Strategy.COMPACT,
                            editionId);
                    report.append(String.format("%-4s rows=%d jvortex(pco only)=%d B, rust compact=%d B (%.2fx)%n",
                            ptype, rows, oursSize, Files.size(rust), (double) oursSize / Files.size(rust)));
                }
            }
        }
        System.out.print("[PcoWriteConformanceTest] sizes, edition " + EDITIONS.getLast() + ":\n" + report
                + "modes/deltas written: " + modes + "\n");
        assertThat(String.join(" ", modes)).contains("Classic/NoOp", "Classic/Consecutive1", "Classic/Lookback",
                "IntMult/", "FloatMult/", "FloatQuant/");
    }

    /** Pco forced on every column chunk: empty, one and two rows, all-null, and a few hundred rows. */
    @Test
    void rustReadsForcedPcoOnEmptyAllNullAndTinyChunks() throws IOException {
        long seed = Seeds.seed("PcoWriteConformanceTest.forced");
        SplittableRandom rnd = new SplittableRandom(seed);
        List<String> names = new ArrayList<>();
        List<DType> dtypes = new ArrayList<>();
        for (PType ptype : TYPES) {
            names.add(ptype.name().toLowerCase());
            dtypes.add(new DType.Primitive(ptype, true));
        }
        DType.Struct schema = new DType.Struct(names, dtypes, false);
        List<StructArray> chunks = new ArrayList<>();
        for (int len : new int[] {0, 1, 2, 700}) {
            for (boolean allNull : new boolean[] {false, true}) {
                List<Canonical> fields = new ArrayList<>();
                for (DType d : dtypes) {
                    PrimitiveArray c = column((DType.Primitive) d, Shape.SORTED, len, rnd);
                    fields.add(allNull ? new PrimitiveArray(c.dtype(), c.values(), len, Validity.ALL_INVALID) : c);
                }
                chunks.add(new StructArray(schema, fields, len, Validity.ALL_VALID));
            }
        }
        Path ours = dir.resolve("forced.vortex");
        FileWriter.write(ours, schema, chunks.iterator(), c -> c instanceof PrimitiveArray p
                ? PcoScheme.encode(p) : io.jvortex.spi.CanonicalEncoder.encode(c));
        assertThat(RustOracle.shared().read(ours)).as("seed %d", seed).isEqualTo(jsonl(chunks));
    }

    @Test
    void rustReadsSeveralPcoChunksPerArray() throws IOException {
        long seed = Seeds.seed("PcoWriteConformanceTest.severalChunks");
        SplittableRandom rnd = new SplittableRandom(seed);
        int rows = PcoScheme.VALUES_PER_CHUNK + 70_001;
        List<PrimitiveArray> columns = List.of(
                column(new DType.Primitive(PType.I64, false), Shape.SORTED, rows, rnd),
                column(new DType.Primitive(PType.F64, true), Shape.DECIMALS, rows, rnd));
        DType.Struct schema = new DType.Struct(List.of("ts", "price"),
                List.of(columns.get(0).dtype(), columns.get(1).dtype()), false);
        List<StructArray> chunks = split(schema, columns, new int[] {rows});
        List<String> expected = jsonl(chunks);
        Path ours = dir.resolve("big.vortex");
        Compressor compressor = new Compressor(List.of(new PcoScheme()), Edition.CORE2025_06_0::allowsArray);
        FileWriter.write(ours, schema, chunks.iterator(), compressor::compress);
        assertThat(contains(ours, "vortex.pco")).isTrue();
        assertThat(RustOracle.shared().read(ours)).as("seed %d", seed).isEqualTo(expected);
    }

    // ---- helpers ----

    private static List<StructArray> split(DType.Struct schema, List<PrimitiveArray> columns, int[] lengths) {
        List<StructArray> out = new ArrayList<>();
        int start = 0;
        for (int len : lengths) {
            List<Canonical> fields = new ArrayList<>();
            for (PrimitiveArray c : columns) {
                fields.add(c.slice(start, len));
            }
            out.add(new StructArray(schema, fields, len, Validity.ALL_VALID));
            start += len;
        }
        return out;
    }

    /** The mode and delta encoding of the first pco chunk the scheme writes for an array. */
    private static String modeOf(PrimitiveArray column) {
        WriteNode node = PcoScheme.encode(column);
        if (node.buffers().isEmpty()) {
            return "none";
        }
        PcoDecoder.NumberType type = PcoDecoder.NumberType.valueOf(column.ptype().name());
        PcoDecoder.Chunk chunk = PcoDecoder.open(MemorySegment.ofArray(PcoEncoder.header()))
                .chunk(node.buffers().getFirst().data(), type);
        return chunk.mode() + "/" + chunk.deltaEncoding();
    }

    private static boolean contains(Path file, String text) throws IOException {
        return new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1).contains(text);
    }

    private static PrimitiveKind kind(PType p) {
        return PrimitiveKind.valueOf(p.name());
    }

    private static PrimitiveArray column(DType.Primitive dtype, Shape shape, int len, SplittableRandom rnd) {
        PType p = dtype.ptype();
        int w = p.byteWidth();
        boolean isFloat = p == PType.F16 || p == PType.F32 || p == PType.F64;
        MemorySegment values = MemorySegment.ofArray(new byte[len * w]);
        long x = rnd.nextInt(1000);
        long base = 3 + rnd.nextInt(300);
        long constant = rnd.nextLong();
        long[] pattern = rnd.longs(37).toArray();
        for (int i = 0; i < len; i++) {
            long bits = switch (shape) {
                case RANDOM -> rnd.nextLong();
                case SMALL_RANGE -> num(p, isFloat, rnd.nextInt(100) - 50);
                case SORTED -> num(p, isFloat, x += rnd.nextInt(10));
                case MULTIPLES -> num(p, isFloat, (rnd.nextInt(60) - 30) * base);
                case DECIMALS -> isFloat ? floatBits(p, (rnd.nextInt(20000) - 10000) / 100.0)
                        : num(p, false, rnd.nextInt(20000) - 10000);
                case SPECIAL -> isFloat ? special(p, rnd) : switch (rnd.nextInt(3)) {
                    case 0 -> -1L;
                    case 1 -> 0L;
                    default -> Long.MIN_VALUE >>> (64 - 8 * w);
                };
                case LOW_BITS_ZERO -> isFloat ? lowBitsZero(p, rnd) : rnd.nextLong() << 7;
                case REPEATING -> rnd.nextInt(50) == 0 ? rnd.nextLong() : pattern[i % pattern.length];
                case CONSTANT -> constant;
            };
            switch (w) {
                case 2 -> values.setAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, i, (short) bits);
                case 4 -> values.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i, (int) bits);
                default -> values.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i, bits);
            }
        }
        Validity validity = Validity.ALL_VALID;
        if (dtype.nullable()) {
            MemorySegment bits = MemorySegment.ofArray(new byte[(len + 7) / 8 + 1]);
            int density = 50 + rnd.nextInt(51);
            for (int i = 0; i < len; i++) {
                Validity.Bits.set(bits, i, rnd.nextInt(100) < density);
            }
            validity = new Validity.Bitmap(bits, 0);
        }
        return new PrimitiveArray(dtype, values, len, validity);
    }

    /** Floats of a narrower precision widened (FloatQuant's case): f16 in f32, f32 in f64. */
    private static long lowBitsZero(PType p, SplittableRandom rnd) {
        double x = rnd.nextGaussian() * 100;
        return switch (p) {
            case F16 -> Float.floatToFloat16((float) x) & ~0x1F;
            case F32 -> Float.floatToRawIntBits(Float.float16ToFloat(Float.floatToFloat16((float) x)));
            default -> Double.doubleToRawLongBits((float) x);
        };
    }

    private static long num(PType p, boolean isFloat, long v) {
        return isFloat ? floatBits(p, v) : v;
    }

    private static long floatBits(PType p, double d) {
        return switch (p) {
            case F16 -> Float.floatToFloat16((float) d);
            case F32 -> Float.floatToRawIntBits((float) d);
            default -> Double.doubleToRawLongBits(d);
        };
    }

    /** Infinities, NaNs with payloads, signed zeros, subnormals and ordinary values. */
    private static long special(PType p, SplittableRandom rnd) {
        int bits = p.byteWidth() * 8;
        int exp = bits == 16 ? 5 : bits == 32 ? 8 : 11;
        int mant = bits - 1 - exp;
        long sign = rnd.nextBoolean() ? 1L << (bits - 1) : 0;
        long expAll = ((1L << exp) - 1) << mant;
        long mantMask = (1L << mant) - 1;
        return switch (rnd.nextInt(6)) {
            case 0 -> sign | expAll;
            case 1 -> sign | expAll | (1 + (rnd.nextLong() & (mantMask - 1)));
            case 2 -> sign;
            case 3 -> sign | (1 + (rnd.nextLong() & (mantMask - 1)));
            case 4 -> floatBits(p, rnd.nextInt(100) / 10.0);
            default -> rnd.nextLong();
        };
    }
}
