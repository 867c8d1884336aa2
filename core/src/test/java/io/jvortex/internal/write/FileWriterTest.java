package io.jvortex.internal.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.api.Chunk;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.VortexReader;
import io.jvortex.array.Allocator;
import io.jvortex.array.Canonical;
import io.jvortex.array.RandomArrays;
import io.jvortex.array.StructArray;
import io.jvortex.array.TestArrays;
import io.jvortex.array.TestSupport;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.internal.file.SegmentSpec;
import io.jvortex.internal.file.VortexFile;
import io.jvortex.internal.layout.Layout;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Files written by {@link FileWriter} read back through our own reader, row for row. */
class FileWriterTest {
    @TempDir
    Path dir;

    /** Every canonical dtype with its nullable twin. */
    static List<DType> everyDType() {
        List<DType> out = new ArrayList<>();
        for (boolean n : new boolean[] {false, true}) {
            out.add(new DType.Bool(n));
            for (PType p : PType.values()) {
                out.add(new DType.Primitive(p, n));
            }
            out.add(new DType.Decimal(2, 1, n));
            out.add(new DType.Decimal(4, 0, n));
            out.add(new DType.Decimal(9, 2, n));
            out.add(new DType.Decimal(18, -3, n));
            out.add(new DType.Decimal(38, 10, n));
            out.add(new DType.Decimal(76, 20, n));
            out.add(new DType.Utf8(n));
            out.add(new DType.Binary(n));
            out.add(new DType.Struct(List.of("a", "b"), List.of(new DType.Primitive(PType.I32, true),
                    new DType.Utf8(false)), n));
            out.add(new DType.Struct(List.of(), List.of(), n));
            out.add(new DType.List(new DType.Primitive(PType.I16, true), n));
            out.add(new DType.List(new DType.List(new DType.Utf8(true), false), n));
            out.add(new DType.FixedSizeList(new DType.Primitive(PType.F32, false), 3, n));
            out.add(new DType.FixedSizeList(new DType.Bool(true), 0, n));
            out.add(new DType.Extension("vortex.date", new DType.Primitive(PType.I32, n), new byte[] {4}));
            out.add(new DType.Extension("vortex.timestamp", new DType.Primitive(PType.I64, n),
                    new byte[] {1, 3, 0, 'U', 'T', 'C'}));
        }
        out.add(new DType.Null());
        return out;
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

    private static List<Object> rows(List<StructArray> chunks) {
        List<Object> rows = new ArrayList<>();
        for (StructArray c : chunks) {
            rows.addAll(TestSupport.rows(c));
        }
        return rows;
    }

    private List<StructArray> randomChunks(RandomArrays gen, DType.Struct schema, int[] lengths) {
        List<StructArray> chunks = new ArrayList<>();
        for (int len : lengths) {
            chunks.add((StructArray) gen.array(schema, len));
        }
        return chunks;
    }

    @Test
    void everyDTypeRoundTripsAtEveryLengthAndChunking() throws IOException {
        SplittableRandom r = TestSupport.random("FileWriterTest.everyDType");
        int file = 0;
        for (DType column : everyDType()) {
            DType.Struct schema = new DType.Struct(List.of("c"), List.of(column), false);
            // random list views overlap freely, so a list of lists of 1024 rows expands to ~10^9 values: keep it short
            int[][] shapes = nestedLists(column)
                    ? new int[][] {{}, {0}, {1}, {37}, {3, 0, 5}}
                    : new int[][] {{}, {0}, {1}, {1024}, {1025}, {3, 0, 1024, 7}};
            for (int[] lengths : shapes) {
                try (Arena arena = Arena.ofConfined()) {
                    RandomArrays gen = new RandomArrays(r, TestSupport.allocator(arena));
                    List<StructArray> chunks = randomChunks(gen, schema, lengths);
                    Path path = dir.resolve("f" + file++ + ".vortex");
                    FileWriter.write(path, schema, chunks.iterator());
                    assertThat(readRows(path)).as("%s, chunks %s", column.display(), java.util.Arrays.toString(lengths))
                            .isEqualTo(rows(chunks));
                    try (VortexFile f = VortexFile.open(path)) {
                        assertThat(f.dtype()).isEqualTo(schema);
                        assertThat(f.rowCount()).isEqualTo(java.util.Arrays.stream(lengths).sum());
                    }
                    Files.delete(path);
                }
            }
        }
    }

    private static boolean nestedLists(DType d) {
        return d instanceof DType.List l && l.element() instanceof DType.List;
    }

    @Test
    void nullShapesNoneSomeAllRoundTrip() {
        try (Arena arena = Arena.ofConfined()) {
            Allocator alloc = TestSupport.allocator(arena);
            for (int len : new int[] {1, 1024, 1025}) {
                boolean[] some = new boolean[len];
                boolean[] none = new boolean[len];
                boolean[] all = new boolean[len];
                long[] values = new long[len];
                for (int i = 0; i < len; i++) {
                    some[i] = i % 3 != 0;
                    all[i] = true;
                    values[i] = i * 7L - 50;
                }
                List<Canonical> fields = List.of(
                        TestArrays.primitive(PType.I64, true, values, all),
                        TestArrays.primitive(PType.I64, true, values, some),
                        TestArrays.primitive(PType.I64, true, values, none),
                        TestArrays.varBin(true, strings(len)),
                        withValidity(TestArrays.varBinView(true, strings(len)), len, Validity.ALL_INVALID));
                DType.Struct schema = new DType.Struct(List.of("all", "some", "none", "s", "z"),
                        fields.stream().map(Canonical::dtype).toList(), true);
                MemorySegment bits = alloc.allocate((len + 7) / 8);
                for (int i = 0; i < len; i++) {
                    Validity.Bits.set(bits, i, i % 5 != 1);
                }
                StructArray chunk = new StructArray(schema, fields, len, new Validity.Bitmap(bits, 0));
                Path path = dir.resolve("nulls" + len + ".vortex");
                FileWriter.write(path, schema, List.of(chunk, chunk).iterator());
                List<Object> expected = new ArrayList<>(TestSupport.rows(chunk));
                expected.addAll(TestSupport.rows(chunk));
                assertThat(readRows(path)).isEqualTo(expected);
            }
        }
    }

    private static String[] strings(int len) {
        String[] s = new String[len];
        for (int i = 0; i < len; i++) {
            s[i] = i % 4 == 0 ? "" : "value-" + i + (i % 3 == 0 ? "-a-longer-tail" : "");
        }
        return s;
    }

    private static Canonical withValidity(Canonical c, int len, Validity v) {
        return io.jvortex.array.Canonicals.withValidity(c, v);
    }

    @Test
    void aTinyFileFollowsTheLayoutRules() throws IOException {
        DType.Struct schema = new DType.Struct(List.of("x"), List.of(new DType.Primitive(PType.I64, true)), false);
        StructArray chunk = new StructArray(schema,
                List.of(TestArrays.primitive(PType.I64, true, new long[] {1, 2, 3}, new boolean[] {true, false, true})),
                3, Validity.ALL_VALID);
        Path path = dir.resolve("tiny.vortex");
        long size = FileWriter.write(path, schema, List.of(chunk).iterator());
        byte[] bytes = Files.readAllBytes(path);
        assertThat(bytes).hasSize((int) size);
        assertThat(new String(bytes, 0, 4, java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("VTXF");
        assertThat(new String(bytes, bytes.length - 4, 4, java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("VTXF");
        assertThat(bytes[bytes.length - 8]).isEqualTo((byte) 1);
        try (VortexFile f = VortexFile.open(path)) {
            assertThat(f.segmentCount()).isEqualTo(1);
            SegmentSpec seg = f.segmentSpec(0);
            assertThat(seg.byteOffset()).isEqualTo(8);
            assertThat(seg.alignmentExponent()).isEqualTo(3);
            assertThat(bytes[4] | bytes[5] | bytes[6] | bytes[7]).isZero();
            assertThat(f.layoutIds()).containsExactly("vortex.flat", "vortex.struct");
            assertThat(f.arrayIds()).containsExactly("vortex.bool", "vortex.constant", "vortex.primitive");
            assertThat(f.rootLayout()).isInstanceOf(Layout.Struct.class);
            MemorySegment s = f.segment(0);
            // values 1, 2, 3 (24 bytes), validity 0b101, padding to 8, then the flatbuffer and its length
            assertThat(s.get(ValueLayout.JAVA_LONG_UNALIGNED, 0)).isEqualTo(1);
            assertThat(s.get(ValueLayout.JAVA_LONG_UNALIGNED, 16)).isEqualTo(3);
            assertThat(s.get(ValueLayout.JAVA_BYTE, 24)).isEqualTo((byte) 0b101);
            int fbLen = s.get(ValueLayout.JAVA_INT_UNALIGNED, s.byteSize() - 4);
            assertThat(s.byteSize() - 4 - fbLen).isEqualTo(32);

            // dtype, layout and footer blobs back to back after the last segment, unpadded, then the
            // postscript and the trailer
            int psLen = Short.toUnsignedInt(java.nio.ByteBuffer.wrap(bytes).order(java.nio.ByteOrder.LITTLE_ENDIAN)
                    .getShort(bytes.length - 6));
            io.jvortex.internal.flatbuffers.FbTable ps = io.jvortex.internal.flatbuffers.FbTable.root(
                    MemorySegment.ofArray(bytes).asSlice(bytes.length - 8 - psLen, psLen),
                    new io.jvortex.internal.flatbuffers.FbTable.Origin("tiny", bytes.length - 8 - psLen, "postscript"));
            long at = seg.byteOffset() + seg.lengthBytes();
            for (int field : new int[] {0, 1, 3}) {
                io.jvortex.internal.flatbuffers.FbTable blob = ps.table(field);
                assertThat(blob.u64(0, -1)).as("blob %d offset", field).isEqualTo(at);
                assertThat(blob.u8(2, 0)).isEqualTo(3);
                at += blob.u32(1, 0);
            }
            assertThat(ps.has(2)).as("no statistics blob").isFalse();
            assertThat(at).isEqualTo(bytes.length - 8 - psLen);
        }
    }

    @Test
    void theSameInputGivesTheSameBytesOnAnyChannel() throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            SplittableRandom random = TestSupport.random("FileWriterTest.theSameInputGivesTheSameBytesOnAnyChannel");
            RandomArrays gen = new RandomArrays(random, TestSupport.allocator(arena));
            DType.Struct schema = new DType.Struct(List.of("a", "b", "c"), List.of(new DType.Utf8(true),
                    new DType.List(new DType.Primitive(PType.U8, true), true), new DType.Decimal(40, 2, true)), true);
            List<StructArray> chunks = randomChunks(gen, schema, new int[] {10, 20});
            Path path = dir.resolve("same.vortex");
            FileWriter.write(path, schema, chunks.iterator());
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            long n = FileWriter.write(java.nio.channels.Channels.newChannel(out), schema, chunks.iterator());
            assertThat(out.toByteArray()).hasSize((int) n).isEqualTo(Files.readAllBytes(path));
        }
    }

    @Test
    void emptyTablesAndTablesWithoutColumns() {
        DType.Struct none = new DType.Struct(List.of(), List.of(), false);
        Path path = dir.resolve("nocolumns.vortex");
        FileWriter.write(path, none, List.of(new StructArray(none, List.of(), 5, Validity.ALL_VALID)).iterator());
        assertThat(readRows(path)).hasSize(5).containsOnly(List.of());
        DType.Struct one = new DType.Struct(List.of("x"), List.of(new DType.Bool(true)), false);
        FileWriter.write(path, one, java.util.Collections.emptyIterator());
        try (VortexFile f = VortexFile.open(path)) {
            assertThat(f.rowCount()).isZero();
            assertThat(f.segmentCount()).isZero();
            assertThat(f.rootLayout().children()).singleElement().isInstanceOf(Layout.Chunked.class);
        }
    }

    @Test
    void duplicateFieldNamesAreRejected() {
        DType.Struct schema = new DType.Struct(List.of("x", "x"), List.of(new DType.Bool(true), new DType.Bool(true)),
                false);
        assertThatThrownBy(() -> FileWriter.write(dir.resolve("dup.vortex"), schema,
                java.util.Collections.emptyIterator())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("duplicate");
    }

    @Test
    void aChunkOfAnotherDTypeIsRejected() {
        DType.Struct schema = new DType.Struct(List.of("x"), List.of(new DType.Primitive(PType.I64, false)), false);
        DType.Struct other = new DType.Struct(List.of("x"), List.of(new DType.Primitive(PType.I32, false)), false);
        StructArray chunk = new StructArray(other, List.of(TestArrays.i32(1)), 1, Validity.ALL_VALID);
        assertThatThrownBy(() -> FileWriter.write(dir.resolve("bad.vortex"), schema, List.of(chunk).iterator()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("schema");
    }
}
