package io.jvortex.internal.scan;

import io.jvortex.api.internal.ApiAccess;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.api.Chunk;
import io.jvortex.api.Edition;
import io.jvortex.api.ReaderOptions;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.ScanOptions;
import io.jvortex.api.Split;
import io.jvortex.error.VortexException;
import io.jvortex.api.VortexReader;
import io.jvortex.api.VortexWriter;
import io.jvortex.api.WriteOptions;
import io.jvortex.array.Canonical;
import io.jvortex.array.ListArray;
import io.jvortex.array.ListViewArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.RandomArrays;
import io.jvortex.array.StructArray;
import io.jvortex.array.TestSupport;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.expr.Expr;
import io.jvortex.internal.flatbuffers.FbBuilder;
import io.jvortex.internal.flatbuffers.FbTable;
import io.jvortex.internal.layout.Layout;
import io.jvortex.internal.layout.LayoutParser;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code vortex.list} layout: written under the unstable edition, read back by ranges, splits, take and filters. */
class ListLayoutTest {
    @TempDir
    Path dir;

    private static final Edition UNSTABLE = Edition.UNSTABLE2026_10_0;

    private static final DType.Struct SCHEMA = new DType.Struct(
            List.of("l", "s", "ll", "ls", "n", "id"),
            List.of(new DType.List(new DType.Primitive(PType.I32, true), true),
                    new DType.List(new DType.Utf8(false), false),
                    new DType.List(new DType.List(new DType.Primitive(PType.I64, false), true), true),
                    new DType.List(new DType.Struct(List.of("a", "b"), List.of(new DType.Primitive(PType.U16, true),
                            new DType.Utf8(true)), false), true),
                    new DType.Struct(List.of("inner"), List.of(new DType.List(new DType.Bool(true), true)), true),
                    new DType.Primitive(PType.I64, false)),
            false);

    private enum Nulls { NONE, SOME, ALL }

    /** Random batches; list columns' validity forced to {@code nulls} (SOME keeps the generator's). */
    private static List<StructArray> batches(SplittableRandom r, int rows, Nulls nulls) {
        RandomArrays gen = new RandomArrays(r, TestSupport.allocator(Arena.ofAuto()));
        List<StructArray> out = new ArrayList<>();
        int done = 0;
        while (done < rows) {
            int n = Math.min(rows - done, 1 + r.nextInt(9000));
            StructArray b = (StructArray) gen.array(SCHEMA, n);
            List<Canonical> fields = new ArrayList<>(b.fields());
            for (int i = 0; i < 4; i++) {
                fields.set(i, withNulls(fields.get(i), nulls));
            }
            MemorySegment ids = Arena.ofAuto().allocate(8L * n);
            for (int i = 0; i < n; i++) {
                ids.setAtIndex(ValueLayout.JAVA_LONG, i, done + i);
            }
            fields.set(5, new PrimitiveArray(new DType.Primitive(PType.I64, false), ids, n, Validity.ALL_VALID));
            out.add(new StructArray(SCHEMA, fields, n, Validity.ALL_VALID));
            done += n;
        }
        return out;
    }

    private static Canonical withNulls(Canonical c, Nulls nulls) {
        if (nulls == Nulls.SOME || !c.dtype().nullable()) {
            return c;
        }
        Validity v = nulls == Nulls.NONE ? Validity.ALL_VALID : Validity.ALL_INVALID;
        return switch (c) {
            case ListArray l -> new ListArray(l.dtype(), l.elements(), l.offsets(), l.length(), v);
            case ListViewArray l -> new ListViewArray(l.dtype(), l.elements(), l.offsets(), l.sizes(), l.length(), v);
            default -> c;
        };
    }

    private static List<Object> rowsOf(List<StructArray> batches) {
        List<Object> rows = new ArrayList<>();
        batches.forEach(b -> rows.addAll(TestSupport.rows(b)));
        return rows;
    }

    private Path write(String name, List<StructArray> batches, Edition edition) {
        Path file = dir.resolve(name);
        WriteOptions options = WriteOptions.defaults().withZoneRows(1024).withChunkBytes(16 * 1024).withThreads(2)
                .withEdition(edition);
        try (VortexWriter w = VortexWriter.create(file, SCHEMA, options)) {
            batches.forEach(w::write);
        }
        return file;
    }

    private static List<Object> scan(Path file, ScanOptions options) {
        List<Object> rows = new ArrayList<>();
        try (VortexReader reader = VortexReader.open(file); ScanIterator it = reader.scan(options)) {
            while (it.hasNext()) {
                try (Chunk chunk = it.next()) {
                    rows.addAll(TestSupport.rows(chunk.rawArray()));
                }
            }
        }
        return rows;
    }

    @Test
    void listColumnsRoundTripAsListLayoutsWithRangesSplitsAndTake() {
        SplittableRandom r = TestSupport.random("ListLayoutTest.roundTrip");
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            for (int rows : new int[] {0, 1, 1025, 70_000}) {
                for (Nulls nulls : Nulls.values()) {
                    List<StructArray> batches = batches(r, rows, nulls);
                    List<Object> expected = rowsOf(batches);
                    String what = rows + " rows, nulls " + nulls;
                    Path file = write("t" + rows + nulls + ".vortex", batches, UNSTABLE);
                    assertThat(scan(file, ScanOptions.all())).as(what).isEqualTo(expected);
                    try (VortexReader reader = VortexReader.open(file)) {
                        checkLayouts(reader, rows, what);
                        if (rows == 0) {
                            continue;
                        }
                        // row ranges inside and across zones and chunks, small chunks
                        for (int k = 0; k < 6; k++) {
                            long start = r.nextLong(rows);
                            long end = start + 1 + r.nextLong(Math.min(rows - start, 5000));
                            ScanOptions range = ScanOptions.builder().rowRange(start, end)
                                    .maxChunkRows(1 + r.nextInt(3000)).build();
                            assertThat(scan(file, range)).as(what + " rows " + start + ".." + end)
                                    .isEqualTo(expected.subList((int) start, (int) end));
                        }
                        // take: random order, repeats
                        long[] take = new long[1 + r.nextInt(50)];
                        for (int i = 0; i < take.length; i++) {
                            take[i] = r.nextLong(rows);
                        }
                        try (Chunk chunk = reader.take(take)) {
                            List<Object> got = TestSupport.rows(chunk.rawArray());
                            for (int i = 0; i < take.length; i++) {
                                assertThat(got.get(i)).as(what + " take of row " + take[i])
                                        .isEqualTo(expected.get((int) take[i]));
                            }
                        }
                        // splits cover the file exactly once
                        List<Split> splits = reader.splits(1 + r.nextInt(64 * 1024));
                        long next = 0;
                        for (Split s : splits) {
                            assertThat(s.rowStart()).as(what).isEqualTo(next);
                            next = s.rowEnd();
                        }
                        assertThat(next).as(what).isEqualTo(rows);
                        List<List<Object>> parts = reader.scanSplits(ScanOptions.all(), splits, pool, it -> {
                            List<Object> got = new ArrayList<>();
                            while (it.hasNext()) {
                                try (Chunk chunk = it.next()) {
                                    got.addAll(TestSupport.rows(chunk.rawArray()));
                                }
                            }
                            return got;
                        });
                        assertThat(parts.stream().flatMap(List::stream).toList()).as(what + " splits")
                                .isEqualTo(expected);
                    }
                    // filters on the list's validity (its zones hold null counts)
                    List<Object> nullRows = expected.stream().filter(o -> ((List<?>) o).getFirst() == null).toList();
                    assertThat(scan(file, ScanOptions.builder().filter(Expr.col("l").isNull()).build()))
                            .as(what + " l IS NULL").isEqualTo(nullRows);
                }
            }
        } finally {
            pool.shutdown();
        }
    }

    private static void checkLayouts(VortexReader reader, int rows, String what) {
        Layout.Struct root = (Layout.Struct) ApiAccess.file(reader).rootLayout();
        if (rows == 0) {
            assertThat(root.fields().getFirst().rowCount()).isZero();
            return;
        }
        Layout.Zoned l = (Layout.Zoned) root.fields().getFirst();
        Layout.List list = (Layout.List) l.data();
        assertThat(list.offsetsType()).as(what).isEqualTo(PType.U64);
        assertThat(list.offsets().rowCount()).as(what).isEqualTo(rows + 1);
        assertThat(list.validity()).as(what).isNotNull();
        assertThat(l.schema().columns()).as(what).extracting(c -> c.name()).containsExactly("vortex.null_count()");
        assertThat(((Layout.Zoned) root.fields().get(1)).data()).isInstanceOf(Layout.List.class);
        Layout.List ll = (Layout.List) ((Layout.Zoned) root.fields().get(2)).data();
        if (ll.elements().rowCount() > 0) {
            assertThat(((Layout.Zoned) ll.elements()).data()).as(what + " nested list").isInstanceOf(Layout.List.class);
        }
        Layout.List ls = (Layout.List) ((Layout.Zoned) root.fields().get(3)).data();
        if (ls.elements().rowCount() > 0) {
            assertThat(ls.elements()).as(what + " list of structs").isInstanceOf(Layout.Struct.class);
        }
        // below a nullable struct: no zones anywhere, as the reference writes it
        Layout.Struct n = (Layout.Struct) root.fields().get(4);
        Layout.List inner = (Layout.List) n.fields().getFirst();
        assertThat(inner.children()).noneMatch(c -> c instanceof Layout.Zoned);
    }

    @Test
    void coreEditionsKeepListsAsLeafColumns() {
        SplittableRandom r = TestSupport.random("ListLayoutTest.core");
        List<StructArray> batches = batches(r, 3000, Nulls.SOME);
        for (Edition e : Edition.values()) {
            if (e.allowsLayout("vortex.list")) {
                continue;
            }
            Path file = write(e.id() + ".vortex", batches, e);
            try (VortexReader reader = VortexReader.open(file)) {
                assertThat(ApiAccess.file(reader).layoutIds()).as(e.id()).doesNotContain("vortex.list");
            }
            assertThat(scan(file, ScanOptions.all())).as(e.id()).isEqualTo(rowsOf(batches));
        }
    }

    // ---- corrupt list layouts ----

    /** A list layout node over flat children, as a flatbuffer, parsed against {@code dtype}. */
    private static Layout parseList(DType dtype, long rows, long[] childRows, byte[] metadata) {
        FbBuilder fb = new FbBuilder();
        int[] children = new int[childRows.length];
        for (int i = 0; i < children.length; i++) {
            int seg = fb.createU32Vector(new long[] {0});
            fb.startTable(5);
            fb.addShort(0, 0, 0);
            fb.addLong(1, childRows[i], 0);
            fb.addOffset(4, seg);
            children[i] = fb.endTable();
        }
        int meta = metadata.length == 0 ? 0 : fb.createByteVector(metadata);
        int vec = fb.createOffsetVector(children);
        fb.startTable(5);
        fb.addShort(0, 1, 0);
        fb.addLong(1, rows, 0);
        if (meta != 0) {
            fb.addOffset(2, meta);
        }
        fb.addOffset(3, vec);
        byte[] blob = fb.finish(fb.endTable());
        FbTable root = FbTable.root(MemorySegment.ofArray(blob), new FbTable.Origin("test", 0, "layout"));
        return new LayoutParser("test", List.of("vortex.flat", "vortex.list"), 1).parse(root, dtype);
    }

    private static final byte[] U64_META = {0x08, 0x03};

    @Test
    void wellFormedListLayoutParses() {
        Layout l = parseList(new DType.List(new DType.Primitive(PType.I32, false), true), 3, new long[] {5, 4, 3},
                U64_META);
        assertThat(l).isInstanceOf(Layout.List.class);
        assertThat(((Layout.List) l).elements().dtype()).isEqualTo(new DType.Primitive(PType.I32, false));
        assertThat(((Layout.List) l).offsets().dtype()).isEqualTo(new DType.Primitive(PType.U64, false));
    }

    @Test
    void corruptListLayoutsAreRejected() {
        DType nullable = new DType.List(new DType.Primitive(PType.I32, false), true);
        DType nonNull = nullable.withNullable(false);
        assertThatThrownBy(() -> parseList(nullable, 3, new long[] {5, 4}, U64_META))
                .isInstanceOf(VortexException.class).hasMessageContaining("2 children, expected 3");
        assertThatThrownBy(() -> parseList(nonNull, 3, new long[] {5, 4, 3}, U64_META))
                .isInstanceOf(VortexException.class).hasMessageContaining("3 children, expected 2");
        assertThatThrownBy(() -> parseList(nonNull, 3, new long[] {5, 3}, U64_META))
                .isInstanceOf(VortexException.class).hasMessageContaining("offsets have 3 rows, expected 4");
        assertThatThrownBy(() -> parseList(nullable, 3, new long[] {5, 4, 2}, U64_META))
                .isInstanceOf(VortexException.class).hasMessageContaining("has 2 rows, expected 3");
        assertThatThrownBy(() -> parseList(nonNull, 3, new long[] {5, 4}, new byte[] {0x08, 0x09}))
                .isInstanceOf(VortexException.class).hasMessageContaining("offsets type must be an integer");
        assertThatThrownBy(() -> parseList(nonNull, 3, new long[] {5, 4}, new byte[] {0x08, 0x7f}))
                .isInstanceOf(VortexException.class).hasMessageContaining("unknown ptype id");
        assertThatThrownBy(() -> parseList(new DType.Utf8(false), 3, new long[] {5, 4}, U64_META))
                .isInstanceOf(VortexException.class).hasMessageContaining("list layout for non-list dtype");
    }

    /**
     * Offsets that decrease or point past the elements: a list layout assembled from a real file's
     * flats (an integer column standing in for the offsets) fails with what and where.
     */
    @Test
    void corruptOffsetsFailOnRead() {
        DType.Struct schema = new DType.Struct(List.of("e", "o"), List.of(new DType.Primitive(PType.I32, false),
                new DType.Primitive(PType.U64, false)), false);
        int n = 11;
        MemorySegment e = Arena.ofAuto().allocate(4L * n);
        MemorySegment o = Arena.ofAuto().allocate(8L * n);
        long[][] cases = {{0, 1, 2, 3, 2, 5, 6, 7, 8, 9, 10}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12}};
        for (long[] offs : cases) {
            for (int i = 0; i < n; i++) {
                e.setAtIndex(ValueLayout.JAVA_INT, i, i);
                o.setAtIndex(ValueLayout.JAVA_LONG, i, offs[i]);
            }
            Path file = dir.resolve("bad" + offs[n - 1] + ".vortex");
            try (VortexWriter w = VortexWriter.create(file, schema, WriteOptions.defaults().withZoneMaps(false))) {
                w.write(new StructArray(schema, List.of(
                        new PrimitiveArray(new DType.Primitive(PType.I32, false), e, n, Validity.ALL_VALID),
                        new PrimitiveArray(new DType.Primitive(PType.U64, false), o, n, Validity.ALL_VALID)), n,
                        Validity.ALL_VALID));
            }
            try (VortexReader reader = VortexReader.open(file)) {
                Layout.Struct root = (Layout.Struct) ApiAccess.file(reader).rootLayout();
                Layout.List list = new Layout.List("root.bad", new DType.List(new DType.Primitive(PType.I32, false),
                        false), n - 1, root.fields().get(0), root.fields().get(1), null, PType.U64);
                ListReader lr = new ListReader(list, Readers.of(list.elements()), Readers.of(list.offsets()), null);
                ScanState state = new ScanState(ApiAccess.file(reader), ReaderOptions.defaults().encodings(), false,
                        Long.MAX_VALUE);
                try (Arena arena = Arena.ofConfined()) {
                    state.startChunk(arena);
                    assertThatThrownBy(() -> lr.read(0, n - 1, state)).isInstanceOf(VortexException.class)
                            .hasMessageContaining("root.bad").hasMessageContaining("expected non-decreasing offsets");
                    assertThatThrownBy(() -> lr.take(new long[] {3, 9}, 0, 2, state))
                            .isInstanceOf(VortexException.class).hasMessageContaining("root.bad");
                } finally {
                    lr.close();
                }
            }
        }
    }
}
