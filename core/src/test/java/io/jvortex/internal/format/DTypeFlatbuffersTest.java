package io.jvortex.internal.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.PType;
import io.jvortex.dtype.TimeUnit;
import io.jvortex.error.VortexException;
import io.jvortex.internal.flatbuffers.FbBuilder;
import io.jvortex.internal.flatbuffers.FbTable;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.function.ToIntFunction;
import org.junit.jupiter.api.Test;

/**
 * {@link DTypeFlatbuffers} over hand-built {@code DType} tables: every union member with its fields, and
 * each malformed table refused with a message naming the problem and the table's file offset.
 */
class DTypeFlatbuffersTest {
    private static final long BASE = 500;

    private static int dtype(FbBuilder fb, int tag, int value) {
        fb.startTable(2);
        fb.addByte(0, tag, 0);
        if (value != 0) {
            fb.addOffset(1, value);
        }
        return fb.endTable();
    }

    /** A member table with boolean fields set as given (index → value). */
    private static int flags(FbBuilder fb, int fields, int... trueFields) {
        fb.startTable(fields);
        for (int f : trueFields) {
            fb.addBool(f, true, false);
        }
        return fb.endTable();
    }

    private static int primitive(FbBuilder fb, PType p, boolean nullable) {
        fb.startTable(2);
        fb.addByte(0, p.id(), 0);
        fb.addBool(1, nullable, false);
        return dtype(fb, 3, fb.endTable());
    }

    private static DType read(ToIntFunction<FbBuilder> build) {
        FbBuilder fb = new FbBuilder();
        byte[] blob = fb.finish(build.applyAsInt(fb));
        return DTypeFlatbuffers.read(FbTable.root(MemorySegment.ofArray(blob),
                new FbTable.Origin("d.vortex", BASE, "dtype")));
    }

    private static void refused(ToIntFunction<FbBuilder> build, String problem) {
        assertThatThrownBy(() -> read(build)).isInstanceOfSatisfying(VortexException.class, e -> {
            assertThat(e.problem()).isEqualTo(problem);
            assertThat(e.source()).isEqualTo("d.vortex");
            assertThat(e.byteOffset()).isGreaterThanOrEqualTo(BASE);
            assertThat(e.contextPath()).isEqualTo("dtype");
        });
    }

    @Test
    void scalarMembersReadTheirNullability() {
        assertThat(read(fb -> dtype(fb, 1, flags(fb, 0)))).isEqualTo(new DType.Null());
        assertThat(read(fb -> dtype(fb, 2, flags(fb, 1, 0)))).isEqualTo(new DType.Bool(true));
        assertThat(read(fb -> dtype(fb, 2, flags(fb, 1)))).isEqualTo(new DType.Bool(false));
        assertThat(read(fb -> dtype(fb, 5, flags(fb, 1, 0)))).isEqualTo(new DType.Utf8(true));
        assertThat(read(fb -> dtype(fb, 6, flags(fb, 1, 0)))).isEqualTo(new DType.Binary(true));
        assertThat(read(fb -> dtype(fb, 11, flags(fb, 1, 0)))).isEqualTo(new DType.Variant(true));
        for (PType p : PType.values()) {
            assertThat(read(fb -> primitive(fb, p, true))).isEqualTo(new DType.Primitive(p, true));
        }
    }

    @Test
    void decimalsReadPrecisionSignedScaleAndNullability() {
        assertThat(read(fb -> {
            fb.startTable(3);
            fb.addByte(0, 38, 0);
            fb.addByte(1, -4, 0);
            fb.addBool(2, true, false);
            return dtype(fb, 4, fb.endTable());
        })).isEqualTo(new DType.Decimal(38, -4, true));
        refused(fb -> {
            fb.startTable(3);
            fb.addByte(0, 200, 0);
            return dtype(fb, 4, fb.endTable());
        }, "decimal precision must be 1..76, got 200");
    }

    @Test
    void unknownPtypesAndTagsAreRefused() {
        refused(fb -> {
            fb.startTable(2);
            fb.addByte(0, 11, 0);
            return dtype(fb, 3, fb.endTable());
        }, "unknown ptype id 11, expected 0..10");
        refused(fb -> dtype(fb, 14, flags(fb, 1)), "unknown dtype union tag 14, expected 1..13");
        refused(fb -> dtype(fb, 0, flags(fb, 1)), "unknown dtype union tag 0, expected 1..13");
        refused(fb -> dtype(fb, 2, 0), "dtype union tag 2 without a value table");
        assertThatThrownBy(() -> DTypeFlatbuffers.read(null)).isInstanceOf(VortexException.class)
                .hasMessage("missing dtype table");
    }

    private static int strings(FbBuilder fb, String... names) {
        int[] offsets = new int[names.length];
        for (int i = 0; i < names.length; i++) {
            offsets[i] = fb.createString(names[i]);
        }
        return fb.createOffsetVector(offsets);
    }

    @Test
    void structsNeedParallelNamesAndTypes() {
        assertThat(read(fb -> {
            int names = strings(fb, "a", "b");
            int fields = fb.createOffsetVector(new int[] {primitive(fb, PType.I8, false), primitive(fb, PType.U64,
                    true)});
            fb.startTable(3);
            fb.addOffset(0, names);
            fb.addOffset(1, fields);
            fb.addBool(2, true, false);
            return dtype(fb, 7, fb.endTable());
        })).isEqualTo(new DType.Struct(List.of("a", "b"), List.of(new DType.Primitive(PType.I8, false),
                new DType.Primitive(PType.U64, true)), true));
        refused(fb -> {
            int names = strings(fb, "a", "b");
            int fields = fb.createOffsetVector(new int[] {primitive(fb, PType.I8, false)});
            fb.startTable(3);
            fb.addOffset(0, names);
            fb.addOffset(1, fields);
            return dtype(fb, 7, fb.endTable());
        }, "struct needs parallel names and dtypes, got 2 names and 1 dtypes");
        refused(fb -> {
            int names = strings(fb);
            fb.startTable(3);
            fb.addOffset(0, names);
            return dtype(fb, 7, fb.endTable());
        }, "struct needs parallel names and dtypes, got 0 names and 0 dtypes");
        refused(fb -> {
            int fields = fb.createOffsetVector(new int[0]);
            fb.startTable(3);
            fb.addOffset(1, fields);
            return dtype(fb, 7, fb.endTable());
        }, "struct needs parallel names and dtypes, got 0 names and 0 dtypes");
        assertThat(read(fb -> {
            int names = strings(fb);
            int fields = fb.createOffsetVector(new int[0]);
            fb.startTable(3);
            fb.addOffset(0, names);
            fb.addOffset(1, fields);
            return dtype(fb, 7, fb.endTable());
        })).isEqualTo(new DType.Struct(List.of(), List.of(), false));
    }

    /** A member whose field 0 (and, for maps, 1) is a type and whose later fields are given. */
    private static int withElement(FbBuilder fb, int tag, int element, long size, boolean nullable) {
        fb.startTable(3);
        if (element != 0) {
            fb.addOffset(0, element);
        }
        fb.addInt(1, size, 0);
        fb.addBool(tag == 8 ? 1 : 2, nullable, false);
        return dtype(fb, tag, fb.endTable());
    }

    @Test
    void listsAndFixedSizeListsNeedAnElementType() {
        DType f32 = new DType.Primitive(PType.F32, false);
        assertThat(read(fb -> {
            int e = primitive(fb, PType.F32, false);
            fb.startTable(2);
            fb.addOffset(0, e);
            fb.addBool(1, true, false);
            return dtype(fb, 8, fb.endTable());
        })).isEqualTo(new DType.List(f32, true));
        assertThat(read(fb -> withElement(fb, 10, primitive(fb, PType.F32, false), 3, true)))
                .isEqualTo(new DType.FixedSizeList(f32, 3, true));
        assertThat(read(fb -> withElement(fb, 10, primitive(fb, PType.F32, false), Integer.MAX_VALUE, false)))
                .isEqualTo(new DType.FixedSizeList(f32, Integer.MAX_VALUE, false));
        refused(fb -> withElement(fb, 10, primitive(fb, PType.F32, false), Integer.MAX_VALUE + 1L, false),
                "fixed-size list size 2147483648 too large");
        refused(fb -> withElement(fb, 10, 0, 3, false), "missing fixed-size list element type");
        refused(fb -> dtype(fb, 8, flags(fb, 2, 1)), "missing list element type");
    }

    @Test
    void mapsNeedKeyAndValueTypes() {
        assertThat(read(fb -> {
            int k = primitive(fb, PType.I16, false);
            int v = dtype(fb, 5, flags(fb, 1, 0));
            fb.startTable(4);
            fb.addOffset(0, k);
            fb.addOffset(1, v);
            fb.addBool(2, true, false);
            fb.addBool(3, true, false);
            return dtype(fb, 13, fb.endTable());
        })).isEqualTo(new DType.Map(new DType.Primitive(PType.I16, false), new DType.Utf8(true), true, true));
        refused(fb -> {
            int v = dtype(fb, 5, flags(fb, 1));
            fb.startTable(4);
            fb.addOffset(1, v);
            return dtype(fb, 13, fb.endTable());
        }, "missing map key type");
        refused(fb -> {
            int k = dtype(fb, 5, flags(fb, 1));
            fb.startTable(4);
            fb.addOffset(0, k);
            return dtype(fb, 13, fb.endTable());
        }, "missing map value type");
    }

    private static int extension(FbBuilder fb, String id, int storage, byte[] metadata) {
        int idOffset = id == null ? 0 : fb.createString(id);
        int meta = metadata == null ? 0 : fb.createByteVector(metadata);
        fb.startTable(3);
        if (idOffset != 0) {
            fb.addOffset(0, idOffset);
        }
        if (storage != 0) {
            fb.addOffset(1, storage);
        }
        if (meta != 0) {
            fb.addOffset(2, meta);
        }
        return dtype(fb, 9, fb.endTable());
    }

    @Test
    void extensionsNeedIdStorageAndMetadataAndAreValidated() {
        assertThat(read(fb -> extension(fb, Extensions.DATE, primitive(fb, PType.I32, true), new byte[] {4})))
                .isEqualTo(Extensions.date(TimeUnit.DAYS, true));
        assertThat(read(fb -> extension(fb, "my.ext", primitive(fb, PType.I32, false), new byte[0])))
                .isEqualTo(new DType.Extension("my.ext", new DType.Primitive(PType.I32, false), new byte[0]));
        refused(fb -> extension(fb, null, primitive(fb, PType.I32, false), new byte[0]),
                "extension dtype without id");
        refused(fb -> extension(fb, "my.ext", 0, new byte[0]), "missing extension storage dtype");
        refused(fb -> extension(fb, "my.ext", primitive(fb, PType.I32, false), null),
                "extension dtype my.ext without metadata vector");
        assertThatThrownBy(() -> read(fb -> extension(fb, Extensions.DATE, primitive(fb, PType.I64, false),
                new byte[] {4}))).isInstanceOf(VortexException.class)
                .hasMessageContaining("extension type vortex.date: storage must be i32, got i64");
    }

    @Test
    void unionsNeedParallelNamesTypesAndIds() {
        assertThat(read(fb -> {
            int names = strings(fb, "x", "y");
            int types = fb.createOffsetVector(new int[] {primitive(fb, PType.I8, false), dtype(fb, 2, flags(fb, 1))});
            int ids = fb.createByteVector(new byte[] {3, (byte) 200});
            fb.startTable(4);
            fb.addOffset(0, names);
            fb.addOffset(1, types);
            fb.addOffset(2, ids);
            fb.addBool(3, true, false);
            return dtype(fb, 12, fb.endTable());
        })).isEqualTo(new DType.Union(List.of("x", "y"), List.of(new DType.Primitive(PType.I8, false),
                new DType.Bool(false)), List.of(3, 200), true));
        refused(fb -> {
            int names = strings(fb, "x");
            int types = fb.createOffsetVector(new int[] {primitive(fb, PType.I8, false)});
            fb.startTable(4);
            fb.addOffset(0, names);
            fb.addOffset(1, types);
            return dtype(fb, 12, fb.endTable());
        }, "union needs parallel names, dtypes and type ids");
        refused(fb -> {
            int types = fb.createOffsetVector(new int[] {primitive(fb, PType.I8, false)});
            int ids = fb.createByteVector(new byte[] {3});
            fb.startTable(4);
            fb.addOffset(1, types);
            fb.addOffset(2, ids);
            return dtype(fb, 12, fb.endTable());
        }, "union needs parallel names, dtypes and type ids");
    }

    private static int nestedLists(FbBuilder fb, int lists) {
        int t = primitive(fb, PType.U8, false);
        for (int i = 0; i < lists; i++) {
            fb.startTable(2);
            fb.addOffset(0, t);
            t = dtype(fb, 8, fb.endTable());
        }
        return t;
    }

    @Test
    void nestingIsLimitedToMaxDepth() {
        DType t = read(fb -> nestedLists(fb, DTypeFlatbuffers.MAX_DEPTH));
        int depth = 0;
        while (t instanceof DType.List l) {
            t = l.element();
            depth++;
        }
        assertThat(depth).isEqualTo(64);
        refused(fb -> nestedLists(fb, DTypeFlatbuffers.MAX_DEPTH + 1), "dtype nested deeper than 64");
    }

    @Test
    void aMemberTableSharedByTwoTypesIsRefused() {
        assertThatThrownBy(() -> read(fb -> {
            int bool = flags(fb, 1);
            int a = dtype(fb, 2, bool);
            int b = dtype(fb, 2, bool);
            int names = strings(fb, "a", "b");
            int fields = fb.createOffsetVector(new int[] {a, b});
            fb.startTable(3);
            fb.addOffset(0, names);
            fb.addOffset(1, fields);
            return dtype(fb, 7, fb.endTable());
        })).isInstanceOf(VortexException.class).hasMessageContaining("is reached twice (the dtype must be a tree)");
    }
}
