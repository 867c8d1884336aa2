package io.jvortex.internal.layout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.error.VortexException;
import io.jvortex.internal.flatbuffers.FbBuilder;
import io.jvortex.internal.flatbuffers.FbTable;
import io.jvortex.internal.protobuf.ProtoWriter;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.function.ToIntFunction;
import org.junit.jupiter.api.Test;

/**
 * {@link LayoutParser} over hand-built layout tables: each layout's children, segments and metadata,
 * and every structural check refused with a message naming the layout's path and problem.
 */
class LayoutParserTest {
    private static final List<String> IDS = List.of("vortex.flat", "vortex.chunked", "vortex.struct", "vortex.zoned",
            "vortex.stats", "vortex.dict", "vortex.list", "future.layout");
    private static final int FLAT = 0;
    private static final int CHUNKED = 1;
    private static final int STRUCT = 2;
    private static final int ZONED = 3;
    private static final int STATS = 4;
    private static final int DICT = 5;
    private static final int LIST = 6;
    private static final int FUTURE = 7;
    private static final DType I64 = new DType.Primitive(PType.I64, false);
    private static final DType BOOL = new DType.Bool(false);
    private static final int SEGMENTS = 4;

    /** A layout table. @param segments segment ids, or null for no vector */
    private static int layout(FbBuilder fb, int id, long rows, byte[] metadata, int[] children, long[] segments) {
        int meta = metadata == null ? 0 : fb.createByteVector(metadata);
        int kids = children == null ? 0 : fb.createOffsetVector(children);
        int segs = segments == null ? 0 : fb.createU32Vector(segments);
        fb.startTable(5);
        fb.addShort(0, id, 0);
        fb.addLong(1, rows, 0);
        if (meta != 0) {
            fb.addOffset(2, meta);
        }
        if (kids != 0) {
            fb.addOffset(3, kids);
        }
        if (segs != 0) {
            fb.addOffset(4, segs);
        }
        return fb.endTable();
    }

    private static int flat(FbBuilder fb, long rows, long segment) {
        return layout(fb, FLAT, rows, null, null, new long[] {segment});
    }

    private static Layout parse(DType dtype, ToIntFunction<FbBuilder> build) {
        FbBuilder fb = new FbBuilder();
        byte[] blob = fb.finish(build.applyAsInt(fb));
        FbTable table = FbTable.root(MemorySegment.ofArray(blob), new FbTable.Origin("l.vortex", 0, "layout"));
        return new LayoutParser("l.vortex", IDS, SEGMENTS).parse(table, dtype);
    }

    private static void refused(DType dtype, ToIntFunction<FbBuilder> build, String path, String problem) {
        assertThatThrownBy(() -> parse(dtype, build)).isInstanceOfSatisfying(VortexException.class, e -> {
            assertThat(e.problem()).isEqualTo(problem);
            assertThat(e.contextPath()).isEqualTo(path);
            assertThat(e.source()).isEqualTo("l.vortex");
            assertThat(e.byteOffset()).isPositive();
        });
    }

    @Test
    void flatLayoutsNameOneSegmentOfTheFooter() {
        Layout l = parse(I64, fb -> flat(fb, 7, SEGMENTS - 1));
        assertThat(l).isEqualTo(new Layout.Flat("root", I64, 7, SEGMENTS - 1));
        assertThat(l.encodingId()).isEqualTo("vortex.flat");
        assertThat(l.children()).isEmpty();
        refused(I64, fb -> flat(fb, 7, SEGMENTS), "root", "flat layout names segment 4 but the footer has 4");
        refused(I64, fb -> flat(fb, 7, 0xFFFF_FFFFL), "root", "flat layout names segment 4294967295 but the footer"
                + " has 4");
        refused(I64, fb -> layout(fb, FLAT, 7, null, null, new long[] {0, 1}), "root",
                "vortex.flat layout has 2 segments, expected 1");
        refused(I64, fb -> layout(fb, FLAT, 7, null, null, null), "root", "vortex.flat layout has 0 segments, expected 1");
        refused(I64, fb -> {
            int child = flat(fb, 1, 0);
            return layout(fb, FLAT, 7, null, new int[] {child}, new long[] {0});
        }, "root", "vortex.flat layout has 1 children, expected 0");
    }

    @Test
    void rowCountsAndIdIndicesAreChecked() {
        refused(I64, fb -> layout(fb, IDS.size(), 1, null, null, new long[] {0}), "root",
                "layout encoding index 8 outside the footer's 8 ids");
        refused(I64, fb -> layout(fb, FLAT, -1, null, null, new long[] {0}), "root",
                "row count 18446744073709551615 too large");
        assertThat(parse(I64, fb -> flat(fb, Long.MAX_VALUE, 0)).rowCount()).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void chunkedLayoutsSumTheirChunks() {
        Layout l = parse(I64, fb -> {
            int a = flat(fb, 3, 0);
            int b = flat(fb, 4, 1);
            return layout(fb, CHUNKED, 7, null, new int[] {a, b}, null);
        });
        assertThat(l).isInstanceOf(Layout.Chunked.class);
        assertThat(l.encodingId()).isEqualTo("vortex.chunked");
        assertThat(l.children()).extracting(Layout::path).containsExactly("root/chunk[0]", "root/chunk[1]");
        assertThat(l.children()).extracting(Layout::rowCount).containsExactly(3L, 4L);
        assertThat(parse(I64, fb -> layout(fb, CHUNKED, 0, null, null, null)).children()).isEmpty();
        refused(I64, fb -> {
            int a = flat(fb, 3, 0);
            return layout(fb, CHUNKED, 4, null, new int[] {a}, null);
        }, "root", "chunks hold 3 rows, layout declares 4");
        refused(I64, fb -> {
            int a = flat(fb, Long.MAX_VALUE, 0);
            int b = flat(fb, 1, 1);
            return layout(fb, CHUNKED, 4, null, new int[] {a, b}, null);
        }, "root", "chunk row counts overflow");
        refused(I64, fb -> layout(fb, CHUNKED, 0, null, null, new long[] {0}), "root",
                "vortex.chunked layout has 1 segments, expected 0");
    }

    private static final DType.Struct NULLABLE_STRUCT = new DType.Struct(List.of("a", "b"), List.of(I64, BOOL), true);

    @Test
    void structLayoutsHaveOneChildPerFieldAndMaybeValidity() {
        Layout l = parse(NULLABLE_STRUCT, fb -> {
            int v = flat(fb, 2, 0);
            int a = flat(fb, 2, 1);
            int b = flat(fb, 2, 2);
            return layout(fb, STRUCT, 2, null, new int[] {v, a, b}, null);
        });
        Layout.Struct s = (Layout.Struct) l;
        assertThat(s.validity().path()).isEqualTo("root/validity");
        assertThat(s.validity().dtype()).isEqualTo(BOOL);
        assertThat(s.fields()).extracting(Layout::path).containsExactly("root.a", "root.b");
        assertThat(s.fields()).extracting(Layout::dtype).containsExactly(I64, BOOL);
        assertThat(s.children()).hasSize(3).first().isSameAs(s.validity());
        assertThat(s.encodingId()).isEqualTo("vortex.struct");
        // an old writer's nullable struct without validity reads as all valid
        Layout.Struct old = (Layout.Struct) parse(NULLABLE_STRUCT, fb -> {
            int a = flat(fb, 2, 1);
            int b = flat(fb, 2, 2);
            return layout(fb, STRUCT, 2, null, new int[] {a, b}, null);
        });
        assertThat(old.validity()).isNull();
        assertThat(old.children()).isEqualTo(old.fields());
        refused(NULLABLE_STRUCT, fb -> {
            int a = flat(fb, 2, 1);
            return layout(fb, STRUCT, 2, null, new int[] {a}, null);
        }, "root", "vortex.struct layout has 1 children, expected 2");
        refused(NULLABLE_STRUCT.withNullable(false), fb -> {
            int v = flat(fb, 2, 0);
            int a = flat(fb, 2, 1);
            int b = flat(fb, 2, 2);
            return layout(fb, STRUCT, 2, null, new int[] {v, a, b}, null);
        }, "root", "vortex.struct layout has 3 children, expected 2");
        refused(NULLABLE_STRUCT, fb -> {
            int v = flat(fb, 1, 0);
            int a = flat(fb, 2, 1);
            int b = flat(fb, 2, 2);
            return layout(fb, STRUCT, 2, null, new int[] {v, a, b}, null);
        }, "root", "child root/validity has 1 rows, expected 2");
        refused(NULLABLE_STRUCT, fb -> {
            int a = flat(fb, 2, 1);
            int b = flat(fb, 3, 2);
            return layout(fb, STRUCT, 2, null, new int[] {a, b}, null);
        }, "root", "child root.b has 3 rows, expected 2");
        refused(I64, fb -> layout(fb, STRUCT, 2, null, null, null), "root",
                "struct layout for non-struct dtype i64");
    }

    private static byte[] zonedMetadata(long zoneLength, String... aggregates) {
        ProtoWriter w = new ProtoWriter().varint(1, zoneLength);
        for (String a : aggregates) {
            w.message(2, new ProtoWriter().bytes(1, a.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        }
        byte[] proto = w.toByteArray();
        byte[] out = new byte[proto.length + 1];
        out[0] = 1;
        System.arraycopy(proto, 0, out, 1, proto.length);
        return out;
    }

    @Test
    void zonedLayoutsCheckTheZoneTableAgainstTheZoneLength() {
        byte[] meta = zonedMetadata(4, "vortex.null_count");
        DType table = new DType.Struct(List.of("vortex.null_count()"), List.of(new DType.Primitive(PType.U64, true)),
                false);
        Layout.Zoned z = (Layout.Zoned) parse(I64, fb -> {
            int data = flat(fb, 9, 0);
            int zones = flat(fb, 3, 1);
            return layout(fb, ZONED, 9, meta, new int[] {data, zones}, null);
        });
        assertThat(z.zoneLength()).isEqualTo(4);
        assertThat(z.rowCount()).isEqualTo(9);
        assertThat(z.zones().dtype()).isEqualTo(table);
        assertThat(z.zones().path()).isEqualTo("root/zones");
        assertThat(z.data().path()).isEqualTo("root");
        assertThat(z.children()).containsExactly(z.data(), z.zones());
        assertThat(z.encodingId()).isEqualTo("vortex.zoned");
        refused(I64, fb -> {
            int data = flat(fb, 8, 0);
            int zones = flat(fb, 3, 1);
            return layout(fb, ZONED, 8, meta, new int[] {data, zones}, null);
        }, "root", "zone table has 3 rows, expected 2 for 8 rows in zones of 4");
        // zone length 0 (old files): any zone count
        Layout.Zoned any = (Layout.Zoned) parse(I64, fb -> {
            int data = flat(fb, 8, 0);
            int zones = flat(fb, 5, 1);
            return layout(fb, ZONED, 8, zonedMetadata(0, "vortex.null_count"), new int[] {data, zones}, null);
        });
        assertThat(any.zones().rowCount()).isEqualTo(5);
        // an unknown aggregate: no zones, the data still reads
        Layout.Zoned unknown = (Layout.Zoned) parse(I64, fb -> {
            int data = flat(fb, 8, 0);
            int zones = flat(fb, 2, 1);
            return layout(fb, ZONED, 8, zonedMetadata(4, "future.agg"), new int[] {data, zones}, null);
        });
        assertThat(unknown.zones()).isNull();
        assertThat(unknown.schema()).isNull();
        assertThat(unknown.children()).containsExactly(unknown.data());
        // zones of an unknown layout: dropped the same way
        Layout.Zoned unknownZones = (Layout.Zoned) parse(I64, fb -> {
            int data = flat(fb, 8, 0);
            int zones = layout(fb, FUTURE, 2, null, null, null);
            return layout(fb, ZONED, 8, meta, new int[] {data, zones}, null);
        });
        assertThat(unknownZones.zones()).isNull();
        assertThat(unknownZones.schema()).isNull();
        refused(I64, fb -> {
            int data = flat(fb, 8, 0);
            return layout(fb, ZONED, 8, meta, new int[] {data}, null);
        }, "root", "vortex.zoned layout has 1 children, expected 2");
    }

    @Test
    void legacyStatsLayoutsReadTheirBitset() {
        byte[] meta = ByteBuffer.allocate(6).order(ByteOrder.LITTLE_ENDIAN).putInt(0, 5).put(4, (byte) 0x40).array();
        Layout.Zoned z = (Layout.Zoned) parse(I64, fb -> {
            int data = flat(fb, 11, 0);
            int zones = flat(fb, 3, 1);
            return layout(fb, STATS, 11, meta, new int[] {data, zones}, null);
        });
        assertThat(z.encodingId()).isEqualTo("vortex.stats");
        assertThat(z.zoneLength()).isEqualTo(5);
        assertThat(z.schema().columns()).extracting(ZoneSchema.Column::name).containsExactly("null_count");
        refused(I64, fb -> {
            int data = flat(fb, 11, 0);
            int zones = flat(fb, 2, 1);
            return layout(fb, STATS, 11, meta, new int[] {data, zones}, null);
        }, "root", "zone table has 2 rows, expected 3 for 11 rows in zones of 5");
    }

    @Test
    void dictLayoutsReadTheirCodesType() {
        byte[] meta = new ProtoWriter().varint(1, PType.U16.id()).varint(2, 1).varint(3, 1).varint(9, 5)
                .toByteArray();
        Layout.Dict d = (Layout.Dict) parse(I64, fb -> {
            int values = flat(fb, 3, 0);
            int codes = flat(fb, 10, 1);
            return layout(fb, DICT, 10, meta, new int[] {values, codes}, null);
        });
        assertThat(d.codesType()).isEqualTo(PType.U16);
        assertThat(d.allValuesReferenced()).isTrue();
        assertThat(d.codes().dtype()).isEqualTo(new DType.Primitive(PType.U16, true));
        assertThat(d.values().path()).isEqualTo("root/values");
        assertThat(d.codes().path()).isEqualTo("root/codes");
        assertThat(d.children()).containsExactly(d.values(), d.codes());
        assertThat(d.encodingId()).isEqualTo("vortex.dict");
        // defaults: u8 codes, nullable as the column, not all referenced
        Layout.Dict dflt = (Layout.Dict) parse(I64.withNullable(true), fb -> {
            int values = flat(fb, 3, 0);
            int codes = flat(fb, 10, 1);
            return layout(fb, DICT, 10, null, new int[] {values, codes}, null);
        });
        assertThat(dflt.codesType()).isEqualTo(PType.U8);
        assertThat(dflt.allValuesReferenced()).isFalse();
        assertThat(dflt.codes().dtype()).isEqualTo(new DType.Primitive(PType.U8, true));
        byte[] notNull = new ProtoWriter().varintAlways(2, 0).toByteArray();
        Layout.Dict explicit = (Layout.Dict) parse(I64.withNullable(true), fb -> {
            int values = flat(fb, 3, 0);
            int codes = flat(fb, 10, 1);
            return layout(fb, DICT, 10, notNull, new int[] {values, codes}, null);
        });
        assertThat(explicit.codes().dtype()).isEqualTo(new DType.Primitive(PType.U8, false));
        refused(I64, fb -> {
            int values = flat(fb, 3, 0);
            int codes = flat(fb, 10, 1);
            return layout(fb, DICT, 10, new ProtoWriter().varint(1, PType.I32.id()).toByteArray(),
                    new int[] {values, codes}, null);
        }, "root", "dictionary codes type must be unsigned, got i32");
        refused(I64, fb -> {
            int values = flat(fb, 3, 0);
            int codes = flat(fb, 9, 1);
            return layout(fb, DICT, 10, null, new int[] {values, codes}, null);
        }, "root", "child root/codes has 9 rows, expected 10");
    }

    private static final DType.List NULLABLE_LIST = new DType.List(I64, true);

    @Test
    void listLayoutsHaveElementsOffsetsAndMaybeValidity() {
        byte[] u32 = new ProtoWriter().varint(1, PType.U32.id()).varint(5, 1).toByteArray();
        Layout.List l = (Layout.List) parse(NULLABLE_LIST, fb -> {
            int elements = flat(fb, 6, 0);
            int offsets = flat(fb, 4, 1);
            int validity = flat(fb, 3, 2);
            return layout(fb, LIST, 3, u32, new int[] {elements, offsets, validity}, null);
        });
        assertThat(l.offsetsType()).isEqualTo(PType.U32);
        assertThat(l.offsets().dtype()).isEqualTo(new DType.Primitive(PType.U32, false));
        assertThat(l.elements().dtype()).isEqualTo(I64);
        assertThat(l.validity().dtype()).isEqualTo(BOOL);
        assertThat(l.children()).extracting(Layout::path)
                .containsExactly("root/elements", "root/offsets", "root/validity");
        assertThat(l.encodingId()).isEqualTo("vortex.list");
        Layout.List empty = (Layout.List) parse(NULLABLE_LIST.withNullable(false), fb -> {
            int elements = flat(fb, 0, 0);
            int offsets = flat(fb, 0, 1);
            return layout(fb, LIST, 0, null, new int[] {elements, offsets}, null);
        });
        assertThat(empty.offsetsType()).isEqualTo(PType.U8);
        assertThat(empty.validity()).isNull();
        assertThat(empty.children()).hasSize(2);
        refused(NULLABLE_LIST.withNullable(false), fb -> {
            int elements = flat(fb, 0, 0);
            int offsets = flat(fb, 0, 1);
            return layout(fb, LIST, 1, null, new int[] {elements, offsets}, null);
        }, "root", "list offsets have 0 rows, expected 2 for 1 lists");
        refused(NULLABLE_LIST.withNullable(false), fb -> {
            int elements = flat(fb, 0, 0);
            int offsets = flat(fb, 1, 1);
            return layout(fb, LIST, 3, null, new int[] {elements, offsets}, null);
        }, "root", "list offsets have 1 rows, expected 4 for 3 lists");
        refused(NULLABLE_LIST, fb -> {
            int elements = flat(fb, 6, 0);
            int offsets = flat(fb, 4, 1);
            int validity = flat(fb, 2, 2);
            return layout(fb, LIST, 3, null, new int[] {elements, offsets, validity}, null);
        }, "root", "child root/validity has 2 rows, expected 3");
        refused(NULLABLE_LIST, fb -> {
            int elements = flat(fb, 6, 0);
            int offsets = flat(fb, 4, 1);
            return layout(fb, LIST, 3, null, new int[] {elements, offsets}, null);
        }, "root", "vortex.list layout has 2 children, expected 3");
        refused(NULLABLE_LIST, fb -> layout(fb, LIST, 3,
                new ProtoWriter().varint(1, PType.F32.id()).toByteArray(), null, null), "root",
                "vortex.list layout has 0 children, expected 3");
        refused(NULLABLE_LIST.withNullable(false), fb -> {
            int elements = flat(fb, 6, 0);
            int offsets = flat(fb, 4, 1);
            return layout(fb, LIST, 3, new ProtoWriter().varint(1, PType.F32.id()).toByteArray(),
                    new int[] {elements, offsets}, null);
        }, "root", "list offsets type must be an integer, got f32");
        refused(I64, fb -> layout(fb, LIST, 3, null, null, null), "root", "list layout for non-list dtype i64");
    }

    @Test
    void unknownLayoutsKeepTheirShapeUnparsed() {
        Layout.Unknown u = (Layout.Unknown) parse(I64, fb -> {
            int child = flat(fb, 1, 9); // not parsed: its bad segment id does not matter
            return layout(fb, FUTURE, 5, null, new int[] {child}, new long[] {1, 2});
        });
        assertThat(u.encodingId()).isEqualTo("future.layout");
        assertThat(u.childCount()).isEqualTo(1);
        assertThat(u.segmentCount()).isEqualTo(2);
        assertThat(u.rowCount()).isEqualTo(5);
        assertThat(u.byteOffset()).isPositive();
        assertThat(u.children()).isEmpty();
    }

    @Test
    void errorsInsideChildrenNameTheChildsPath() {
        refused(NULLABLE_STRUCT, fb -> {
            int a = flat(fb, 2, 1);
            int b = flat(fb, 2, 99);
            return layout(fb, STRUCT, 2, null, new int[] {a, b}, null);
        }, "root.b", "flat layout names segment 99 but the footer has 4");
        refused(I64, fb -> {
            int a = flat(fb, 2, 0);
            int c = layout(fb, CHUNKED, 2, null, new int[] {a}, new long[] {1});
            return layout(fb, CHUNKED, 2, null, new int[] {c}, null);
        }, "root/chunk[0]", "vortex.chunked layout has 1 segments, expected 0");
    }

    @Test
    void depthAndSharingAreLimited() {
        refused(I64, fb -> {
            int t = flat(fb, 1, 0);
            for (int i = 0; i <= LayoutParser.MAX_DEPTH; i++) {
                t = layout(fb, CHUNKED, 1, null, new int[] {t}, null);
            }
            return t;
        }, "root" + "/chunk[0]".repeat(65), "layout tree deeper than 64");
        Layout deepest = parse(I64, fb -> {
            int t = flat(fb, 1, 0);
            for (int i = 0; i < LayoutParser.MAX_DEPTH; i++) {
                t = layout(fb, CHUNKED, 1, null, new int[] {t}, null);
            }
            return t;
        });
        assertThat(deepest.rowCount()).isEqualTo(1);
        assertThatThrownBy(() -> parse(I64, fb -> {
            int a = flat(fb, 1, 0);
            return layout(fb, CHUNKED, 2, null, new int[] {a, a}, null);
        })).isInstanceOf(VortexException.class).hasMessageContaining("is the child of two parents");
    }
}
