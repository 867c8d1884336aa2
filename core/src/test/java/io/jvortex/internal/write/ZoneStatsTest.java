package io.jvortex.internal.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.StructArray;
import io.jvortex.array.TestArrays;
import io.jvortex.array.Validity;
import io.jvortex.array.VarBinViewArray;
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
    void zoneMinimaAndMaximaEqualANaiveFold() {
        java.util.SplittableRandom r = io.jvortex.testing.Seeds.random("ZoneStatsTest.zoneMinimaAndMaximaEqualANaiveFold");
        for (int round = 0; round < 400; round++) {
            int n = r.nextInt(1, 300);
            boolean nullable = r.nextBoolean();
            boolean[] valid = new boolean[n];
            boolean anyValid = false;
            for (int i = 0; i < n; i++) {
                valid[i] = !nullable || r.nextInt(4) != 0;
                anyValid |= valid[i];
            }
            if (!anyValid) {
                continue;
            }
            // strings: few first bytes, many shared prefixes, short ones, bytes above 0x7F and zeros; in some
            // rounds all short enough to sit in their views, in some drawn from a few values repeated
            int longest = r.nextBoolean() ? VarBinViewArray.MAX_INLINE : 19;
            java.util.List<byte[]> pool = new java.util.ArrayList<>();
            int distinct = r.nextBoolean() ? r.nextInt(1, 6) : Integer.MAX_VALUE;
            java.util.List<byte[]> values = new java.util.ArrayList<>();
            for (int i = 0; i < n; i++) {
                byte[] v;
                if (pool.size() >= distinct) {
                    v = pool.get(r.nextInt(pool.size()));
                } else {
                    v = new byte[r.nextInt(0, longest + 1)];
                    for (int k = 0; k < v.length; k++) {
                        int pick = r.nextInt(5);
                        v[k] = (byte) (pick == 0 ? 0 : pick == 1 ? 0xFF : pick == 2 ? 'a' : 'a' + r.nextInt(3));
                    }
                    pool.add(v);
                }
                values.add(valid[i] ? v : null);
            }
            byte[] min = null;
            byte[] max = null;
            for (byte[] v : values) {
                if (v != null) {
                    min = min == null || java.util.Arrays.compareUnsigned(v, min) < 0 ? v : min;
                    max = max == null || java.util.Arrays.compareUnsigned(v, max) > 0 ? v : max;
                }
            }
            VarBinViewArray views = io.jvortex.internal.encodings.varbin.RandomStrings.views(new DType.Binary(nullable),
                    values);
            for (io.jvortex.array.Canonical array : java.util.List.of(views, withPaddingSet(views),
                    io.jvortex.internal.encodings.varbin.RandomStrings.varBin(new DType.Binary(nullable), values))) {
                ZoneStats strings = new ZoneStats(new DType.Binary(nullable), true, 8192);
                strings.add(array);
                var stats = strings.fileStatistics();
                assertThat((byte[]) stats.min().orElseThrow().value()).as("round " + round).isEqualTo(min);
                assertThat((byte[]) stats.max().orElseThrow().value()).as("round " + round).isEqualTo(max);
            }

            // u64 (unsigned order), i64, and decimal(18, 2) over the same unscaled longs
            long[] longs = new long[n];
            for (int i = 0; i < n; i++) {
                longs[i] = r.nextInt(3) == 0 ? r.nextLong() : r.nextInt(-5, 5);
            }
            for (PType ptype : new PType[] {PType.U64, PType.I64}) {
                long lo = 0;
                long hi = 0;
                boolean any = false;
                for (int i = 0; i < n; i++) {
                    if (valid[i]) {
                        boolean u = ptype == PType.U64;
                        lo = !any || (u ? Long.compareUnsigned(longs[i], lo) < 0 : longs[i] < lo) ? longs[i] : lo;
                        hi = !any || (u ? Long.compareUnsigned(longs[i], hi) > 0 : longs[i] > hi) ? longs[i] : hi;
                        any = true;
                    }
                }
                ZoneStats ints = new ZoneStats(new DType.Primitive(ptype, nullable), true, 8192);
                ints.add(TestArrays.primitive(ptype, nullable, longs, nullable ? valid : null));
                var is = ints.fileStatistics();
                assertThat(is.min().orElseThrow().asLong()).as("round " + round + " " + ptype).isEqualTo(lo);
                assertThat(is.max().orElseThrow().asLong()).as("round " + round + " " + ptype).isEqualTo(hi);
                if (ptype == PType.I64) {
                    java.lang.foreign.MemorySegment unscaled = java.lang.foreign.MemorySegment.ofArray(longs.clone());
                    Validity validity = nullable ? TestArrays.primitive(ptype, true, longs, valid).validity()
                            : Validity.ALL_VALID;
                    DType.Decimal decimal = new DType.Decimal(18, 2, nullable);
                    ZoneStats decimals = new ZoneStats(decimal, true, 8192);
                    decimals.add(new io.jvortex.array.DecimalArray(decimal, 8, unscaled, n, validity));
                    var ds = decimals.fileStatistics();
                    assertThat(ds.min().orElseThrow().value()).isEqualTo(java.math.BigInteger.valueOf(lo));
                    assertThat(ds.max().orElseThrow().value()).isEqualTo(java.math.BigInteger.valueOf(hi));
                }
            }
        }
    }

    @Test
    void rowsSharingLengthAndPrefixAreStillCompared() {
        // the second row of each case has the first's length and first four bytes but smaller (or larger) bytes
        // after them: only reading them tells the rows apart
        String[][] cases = {
            {null, "aaaab", "aaaaa", "aaaac"},
            {"aaaaaaaaaaaaaab", "aaaaaaaaaaaaaaa", "aaaaaaaaaaaaaac"},
            {"aaaaaaaaaaaaaab", null, "aaaaaaaaaaaaaaa", "aaaaaaaaaaaaaac", "aaaaaaaaaaaaaab"},
        };
        for (String[] rows : cases) {
            java.util.List<byte[]> values = new java.util.ArrayList<>();
            for (String v : rows) {
                values.add(v == null ? null : v.getBytes(StandardCharsets.UTF_8));
            }
            boolean nullable = values.contains(null);
            ZoneStats stats = new ZoneStats(new DType.Binary(nullable), true, 8192);
            stats.add(io.jvortex.internal.encodings.varbin.RandomStrings.views(new DType.Binary(nullable), values));
            var file = stats.fileStatistics();
            String min = java.util.Arrays.stream(rows).filter(java.util.Objects::nonNull).sorted().findFirst().orElseThrow();
            String max = java.util.Arrays.stream(rows).filter(java.util.Objects::nonNull).sorted().reduce((a, b) -> b)
                    .orElseThrow();
            assertThat(new String((byte[]) file.min().orElseThrow().value(), StandardCharsets.UTF_8)).isEqualTo(min);
            assertThat(new String((byte[]) file.max().orElseThrow().value(), StandardCharsets.UTF_8)).isEqualTo(max);
        }
    }

    /** The same views with every byte after an inlined value set: a view's padding decides nothing. */
    private static VarBinViewArray withPaddingSet(VarBinViewArray a) {
        java.lang.foreign.MemorySegment views = java.lang.foreign.MemorySegment.ofArray(a.views().toArray(
                java.lang.foreign.ValueLayout.JAVA_BYTE));
        for (int i = 0; i < a.length(); i++) {
            int size = views.get(java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED, 16L * i);
            for (int b = size; size <= VarBinViewArray.MAX_INLINE && b < VarBinViewArray.MAX_INLINE; b++) {
                views.set(java.lang.foreign.ValueLayout.JAVA_BYTE, 16L * i + 4 + b, (byte) 0xA5);
            }
        }
        return new VarBinViewArray(a.dtype(), views, a.dataBuffers(), a.length(), a.validity());
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
