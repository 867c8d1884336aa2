package io.jvortex.internal.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.StructArray;
import io.jvortex.array.TestArrays;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Zone-map metadata bytes and string bounds, against the reference's verified bytes and its own test cases. */
class ZoneStatsTest {
    private static byte[] bytes(Object... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Object p : parts) {
            if (p instanceof String s) {
                out.writeBytes(s.getBytes(StandardCharsets.UTF_8));
            } else {
                out.write((Integer) p);
            }
        }
        return out.toByteArray();
    }

    @Test
    void zonedMetadataOfAnI32ColumnIsTheReferencesBytes() {
        ZoneStats stats = new ZoneStats(new DType.Primitive(PType.I32, false), true, 8192);
        stats.add(TestArrays.primitive(PType.I32, false, new long[] {3, -1, 7}, null));
        ZoneStats.Table table = stats.finish();
        // verified 0.91 bytes (vortex-format.md §4.5)
        assertThat(table.metadata()).isEqualTo(bytes(0x01, 0x08, 0x80, 0x40,
                0x12, 0x10, 0x0a, 0x0a, "vortex.max", 0x12, 0x02, 0x08, 0x01,
                0x12, 0x10, 0x0a, 0x0a, "vortex.min", 0x12, 0x02, 0x08, 0x01,
                0x12, 0x13, 0x0a, 0x11, "vortex.null_count"));
        StructArray zones = (StructArray) table.table();
        assertThat(zones.dtype().names()).containsExactly("vortex.max()", "vortex.min()", "vortex.null_count()");
        assertThat(((PrimitiveArray) zones.fields().get(0)).getLong(0)).isEqualTo(7);
        assertThat(((PrimitiveArray) zones.fields().get(1)).getLong(0)).isEqualTo(-1);
        assertThat(((PrimitiveArray) zones.fields().get(2)).getLong(0)).isZero();
    }

    @Test
    void anAllNullColumnKeepsOnlyTheNullCount() {
        ZoneStats stats = new ZoneStats(new DType.Primitive(PType.I32, true), true, 8192);
        stats.add(TestArrays.primitive(PType.I32, true, new long[] {1, 2}, new boolean[] {false, false}));
        ZoneStats.Table table = stats.finish();
        assertThat(table.metadata()).isEqualTo(bytes(0x01, 0x08, 0x80, 0x40, 0x12, 0x13, 0x0a, 0x11,
                "vortex.null_count"));
    }

    @Test
    void floatsCountNaNsAndStringsUseBoundedAggregates() {
        ZoneStats floats = new ZoneStats(new DType.Primitive(PType.F64, false), true, 4);
        floats.add(TestArrays.primitive(PType.F64, false, new long[] {Double.doubleToRawLongBits(Double.NaN),
                Double.doubleToRawLongBits(2.5), Double.doubleToRawLongBits(-1)}, null));
        StructArray f = (StructArray) floats.finish().table();
        assertThat(f.dtype().names()).containsExactly("vortex.max()", "vortex.min()", "vortex.nan_count()",
                "vortex.null_count()");
        assertThat(((PrimitiveArray) f.fields().get(0)).getDouble(0)).isEqualTo(2.5);
        assertThat(((PrimitiveArray) f.fields().get(2)).getLong(0)).isEqualTo(1);

        ZoneStats strings = new ZoneStats(new DType.Utf8(false), true, 8192);
        strings.add(TestArrays.varBin(false, new String[] {"b", "a".repeat(100), "c"}));
        ZoneStats.Table table = strings.finish();
        assertThat(((StructArray) table.table()).dtype().names()).containsExactly("vortex.bounded_max(64)",
                "vortex.bounded_min(64)", "vortex.null_count()");
        assertThat(table.metadata()).startsWith(bytes(0x01, 0x08, 0x80, 0x40, 0x12, 0x1e, 0x0a, 0x12,
                "vortex.bounded_max", 0x12, 0x08, 0x40, 0, 0, 0, 0, 0, 0, 0));
        StructArray zones = (StructArray) table.table();
        assertThat(zones.fields().get(1).validity()).isInstanceOf(Validity.AllValid.class);
    }

    @Test
    void legacyMetadataIsZoneLengthAndTheStatBitset() {
        ZoneStats stats = new ZoneStats(new DType.Primitive(PType.F32, true), false, 8192);
        stats.add(TestArrays.primitive(PType.F32, true, new long[] {Float.floatToRawIntBits(1f)}, null));
        ZoneStats.Table table = stats.finish();
        assertThat(table.layoutId()).isEqualTo("vortex.stats");
        // max 3, min 4, null_count 6, nan_count 8
        assertThat(table.metadata()).isEqualTo(new byte[] {0, 0x20, 0, 0, 0x58, 0x01});
        assertThat(((StructArray) table.table()).dtype().names()).containsExactly("max", "max_is_truncated", "min",
                "min_is_truncated", "null_count", "nan_count");
    }

    /** The 0.91 writer's legacy tables for an all-null column hold only null counts (seen in VortexWriterConformanceTest). */
    @Test
    void legacyTablesOfAnAllNullColumnKeepOnlyTheNullCount() {
        ZoneStats stats = new ZoneStats(new DType.Primitive(PType.I16, true), false, 8192);
        stats.add(TestArrays.primitive(PType.I16, true, new long[] {1, 2}, new boolean[] {false, false}));
        ZoneStats.Table table = stats.finish();
        assertThat(table.metadata()).isEqualTo(new byte[] {0, 0x20, 0, 0, 0x40, 0});
        assertThat(((StructArray) table.table()).dtype().names()).containsExactly("null_count");
    }

    @Test
    void boundsTruncateLikeTheReference() {
        // the reference's own cases (vortex-array scalar/truncation.rs)
        assertThat(ZoneStats.lowerBound(new byte[] {0, 5, 47, 33, (byte) 129}, 2, false)).containsExactly(0, 5);
        assertThat(ZoneStats.upperBound(new byte[] {0, 5, (byte) 255, (byte) 234, 23}, 3, false))
                .containsExactly(0, 6, 0);
        assertThat(ZoneStats.upperBound(new byte[] {(byte) 255, (byte) 255, (byte) 255}, 2, false)).isNull();
        assertThat(new String(ZoneStats.lowerBound("snowman⛄️snowman".getBytes(StandardCharsets.UTF_8), 9, true),
                StandardCharsets.UTF_8)).isEqualTo("snowman");
        assertThat(new String(ZoneStats.upperBound("char🪩".getBytes(StandardCharsets.UTF_8), 5, true),
                StandardCharsets.UTF_8)).isEqualTo("chas");
        assertThat(ZoneStats.upperBound("🂑🂒🂓".getBytes(StandardCharsets.UTF_8), 2, true)).isNull();
        byte[] shortValue = "short".getBytes(StandardCharsets.UTF_8);
        assertThat(ZoneStats.upperBound(shortValue, 64, true)).isSameAs(shortValue);
    }
}
