package io.jvortex.internal.encodings.pco;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.api.Chunk;
import io.jvortex.api.Edition;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.VortexReader;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.StructArray;
import io.jvortex.array.TestSupport;
import io.jvortex.array.Validity;
import io.jvortex.internal.registry.BuiltinSchemes;
import io.jvortex.internal.compress.Compressor;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.internal.write.FileWriter;
import io.jvortex.spi.WriteNode;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Files written with the pco scheme read back value for value through our reader. */
class PcoSchemeTest {
    private static final List<PType> TYPES = List.of(PType.I16, PType.I32, PType.I64, PType.U16, PType.U32,
            PType.U64, PType.F16, PType.F32, PType.F64);

    @TempDir
    Path dir;

    enum Shape { RANDOM, SMALL_RANGE, SORTED, MULTIPLES, DECIMALS }

    @Test
    void everyTypeShapeAndNullabilityRoundTrips() throws IOException {
        SplittableRandom rnd = TestSupport.random("PcoSchemeTest.roundTrips");
        Compressor compressor = new Compressor(List.of(new PcoScheme()), Edition.CORE2025_06_0::allowsArray);
        int file = 0;
        for (PType ptype : TYPES) {
            for (boolean nullable : new boolean[] {false, true}) {
                for (Shape shape : Shape.values()) {
                    for (int len : new int[] {1, 1023, 1025, 20000}) {
                        DType.Primitive dtype = new DType.Primitive(ptype, nullable);
                        PrimitiveArray column = column(dtype, shape, len, rnd);
                        DType.Struct schema = new DType.Struct(List.of("c"), List.of(dtype), false);
                        StructArray chunk = new StructArray(schema, List.of(column), len, Validity.ALL_VALID);
                        Path path = dir.resolve("f" + file++ + ".vortex");
                        FileWriter.write(path, schema, List.of(chunk).iterator(), compressor::compress);
                        String what = ptype + " nullable=" + nullable + " " + shape + " n=" + len;
                        assertThat(readRows(path)).as(what).isEqualTo(TestSupport.rows(chunk));
                        int valid = len - column.validity().nullCount(len);
                        if (shape != Shape.RANDOM && valid > 1000) {
                            assertThat(containsPco(path)).as(what + " uses pco").isTrue();
                        }
                        Files.delete(path);
                    }
                }
            }
        }
    }

    @Test
    void severalPcoChunksAndManyPages() throws IOException {
        SplittableRandom rnd = TestSupport.random("PcoSchemeTest.severalChunks");
        int len = PcoScheme.VALUES_PER_CHUNK * 2 + 12345;
        DType.Primitive dtype = new DType.Primitive(PType.I32, false);
        PrimitiveArray column = column(dtype, Shape.SMALL_RANGE, len, rnd);
        WriteNode node = PcoScheme.encode(column);
        int valid = len - column.validity().nullCount(len);
        int chunks = (valid + PcoScheme.VALUES_PER_CHUNK - 1) / PcoScheme.VALUES_PER_CHUNK;
        assertThat(chunks).isEqualTo(3);
        int pages = 0;
        for (int c = 0; c < chunks; c++) {
            int n = Math.min(PcoScheme.VALUES_PER_CHUNK, valid - c * PcoScheme.VALUES_PER_CHUNK);
            pages += (n + 8191) / 8192;
        }
        assertThat(node.buffers()).hasSize(chunks + pages);

        DType.Struct schema = new DType.Struct(List.of("c"), List.of(dtype), false);
        StructArray chunk = new StructArray(schema, List.of(column), len, Validity.ALL_VALID);
        Path path = dir.resolve("big.vortex");
        Compressor compressor = new Compressor(BuiltinSchemes.compact(), Edition.CORE2025_06_0::allowsArray);
        FileWriter.write(path, schema, List.of(chunk).iterator(), compressor::compress);
        assertThat(readRows(path)).isEqualTo(TestSupport.rows(chunk));
        assertThat(containsPco(path)).isTrue();
    }

    /** Pco forced on every column chunk, also where the compressor would not pick it: empty, all-null, one row. */
    @Test
    void forcedOnEmptyAllNullAndTinyChunks() throws IOException {
        SplittableRandom rnd = TestSupport.random("PcoSchemeTest.forced");
        for (PType ptype : TYPES) {
            DType.Primitive dtype = new DType.Primitive(ptype, true);
            DType.Struct schema = new DType.Struct(List.of("c"), List.of(dtype), false);
            List<StructArray> chunks = new ArrayList<>();
            for (int len : new int[] {0, 1, 2, 700}) {
                PrimitiveArray column = column(dtype, Shape.SORTED, len, rnd);
                chunks.add(new StructArray(schema, List.of(column), len, Validity.ALL_VALID));
                PrimitiveArray allNull = new PrimitiveArray(dtype, column.values(), len, Validity.ALL_INVALID);
                chunks.add(new StructArray(schema, List.of(allNull), len, Validity.ALL_VALID));
            }
            Path path = dir.resolve("forced-" + ptype + ".vortex");
            FileWriter.write(path, schema, chunks.iterator(), c -> c instanceof PrimitiveArray p
                    ? PcoScheme.encode(p) : io.jvortex.spi.CanonicalEncoder.encode(c));
            List<Object> expected = new ArrayList<>();
            for (StructArray c : chunks) {
                expected.addAll(TestSupport.rows(c));
            }
            assertThat(readRows(path)).as(ptype.toString()).isEqualTo(expected);
            assertThat(containsPco(path)).isTrue();
        }
    }

    @Test
    void editionsBeforePcoDoNotUseIt() throws IOException {
        SplittableRandom rnd = TestSupport.random("PcoSchemeTest.edition");
        DType.Primitive dtype = new DType.Primitive(PType.I64, false);
        PrimitiveArray column = column(dtype, Shape.SMALL_RANGE, 5000, rnd);
        DType.Struct schema = new DType.Struct(List.of("c"), List.of(dtype), false);
        StructArray chunk = new StructArray(schema, List.of(column), 5000, Validity.ALL_VALID);
        Path path = dir.resolve("old.vortex");
        FileWriter.write(path, schema, List.of(chunk).iterator(),
                new Compressor(List.of(new PcoScheme()), Edition.CORE2025_05_0::allowsArray)::compress);
        assertThat(containsPco(path)).isFalse();
        assertThat(readRows(path)).isEqualTo(TestSupport.rows(chunk));
    }

    @Test
    void acceptsOnly16To64BitPrimitives() {
        PcoScheme scheme = new PcoScheme();
        for (PType p : PType.values()) {
            PrimitiveArray a = new PrimitiveArray(new DType.Primitive(p, false),
                    MemorySegment.ofArray(new byte[8 * p.byteWidth()]), 8, Validity.ALL_VALID);
            assertThat(scheme.accepts(a)).as(p.toString()).isEqualTo(p.byteWidth() > 1);
        }
        PrimitiveArray bytes = new PrimitiveArray(new DType.Primitive(PType.U8, false),
                MemorySegment.ofArray(new byte[4]), 4, Validity.ALL_VALID);
        assertThatThrownBy(() -> PcoScheme.encode(bytes)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("U8");
    }

    // ---- helpers ----

    private static boolean containsPco(Path path) throws IOException {
        String s = new String(Files.readAllBytes(path), StandardCharsets.ISO_8859_1);
        return s.contains(PcoEncoding.ID);
    }

    private static List<Object> readRows(Path file) {
        List<Object> rows = new ArrayList<>();
        try (VortexReader reader = VortexReader.open(file); ScanIterator scan = reader.scan()) {
            while (scan.hasNext()) {
                try (Chunk chunk = scan.next()) {
                    rows.addAll(TestSupport.rows(chunk.rawArray()));
                }
            }
        }
        return rows;
    }

    static PrimitiveArray column(DType.Primitive dtype, Shape shape, int len, SplittableRandom rnd) {
        PType p = dtype.ptype();
        int w = p.byteWidth();
        boolean isFloat = p == PType.F16 || p == PType.F32 || p == PType.F64;
        MemorySegment values = MemorySegment.ofArray(new byte[len * w]);
        long x = rnd.nextInt(1000);
        long base = 3 + rnd.nextInt(300);
        for (int i = 0; i < len; i++) {
            long bits = switch (shape) {
                case RANDOM -> rnd.nextLong();
                case SMALL_RANGE -> num(p, isFloat, rnd.nextInt(100) - 50);
                case SORTED -> num(p, isFloat, x += rnd.nextInt(10));
                case MULTIPLES -> num(p, isFloat, (rnd.nextInt(60) - 30) * base);
                case DECIMALS -> isFloat ? floatBits(p, (rnd.nextInt(20000) - 10000) / 100.0)
                        : num(p, false, rnd.nextInt(20000) - 10000);
            };
            switch (w) {
                case 2 -> values.setAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, i, (short) bits);
                case 4 -> values.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i, (int) bits);
                default -> values.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i, bits);
            }
        }
        Validity validity = Validity.ALL_VALID;
        if (dtype.nullable() && rnd.nextInt(4) != 0) {
            MemorySegment bits = MemorySegment.ofArray(new byte[(len + 7) / 8 + 1]);
            int density = rnd.nextInt(101);
            for (int i = 0; i < len; i++) {
                Validity.Bits.set(bits, i, rnd.nextInt(100) < density);
            }
            validity = new Validity.Bitmap(bits, 0);
        }
        return new PrimitiveArray(dtype, values, len, validity);
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
}
