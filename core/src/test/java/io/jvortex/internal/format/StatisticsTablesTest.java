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
import io.jvortex.internal.protobuf.ProtoWriter;
import io.jvortex.scalar.ArrayStatistics;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * {@link StatisticsTables}: each field of an {@code ArrayStats} table, the sum's type per column type,
 * and the precision check with the table's location.
 */
class StatisticsTablesTest {
    private static final DType I32 = new DType.Primitive(PType.I32, false);

    private static byte[] i64(long v) {
        return new ProtoWriter().sint64Always(3, v).toByteArray();
    }

    private static byte[] u64(long v) {
        return new ProtoWriter().varintAlways(4, v).toByteArray();
    }

    private static byte[] f64(double v) {
        return new ProtoWriter().fixed64Always(6, Double.doubleToRawLongBits(v)).toByteArray();
    }

    private static final byte[] NULL = new ProtoWriter().varintAlways(1, 0).toByteArray();

    /** An {@code ArrayStats} table with min (0), max (2) and sum (4) bytes and min/max precisions (1, 3). */
    private static FbTable stats(byte[] min, int minPrecision, byte[] max, int maxPrecision, byte[] sum,
                                 boolean counts) {
        FbBuilder fb = new FbBuilder();
        int minV = min == null ? 0 : fb.createByteVector(min);
        int maxV = max == null ? 0 : fb.createByteVector(max);
        int sumV = sum == null ? 0 : fb.createByteVector(sum);
        fb.startTable(11);
        if (minV != 0) {
            fb.addOffset(0, minV);
        }
        fb.addByte(1, minPrecision, 0);
        if (maxV != 0) {
            fb.addOffset(2, maxV);
        }
        fb.addByte(3, maxPrecision, 0);
        if (sumV != 0) {
            fb.addOffset(4, sumV);
        }
        if (counts) {
            fb.addBoolAlways(5, true);
            fb.addBoolAlways(6, false);
            fb.addLongAlways(8, 3);
            fb.addLongAlways(9, 100);
            fb.addLongAlways(10, 0);
        }
        byte[] blob = fb.finish(fb.endTable());
        return FbTable.root(MemorySegment.ofArray(blob), new FbTable.Origin("s.vortex", 40, "statistics"));
    }

    @Test
    void everyFieldIsRead() {
        ArrayStatistics s = StatisticsTables.read(stats(i64(-4), 1, i64(9), 0, i64(20), true), I32);
        assertThat(s.min().orElseThrow().asLong()).isEqualTo(-4);
        assertThat(s.min().orElseThrow().dtype()).isEqualTo(I32.withNullable(true));
        assertThat(s.minExact()).isTrue();
        assertThat(s.max().orElseThrow().asLong()).isEqualTo(9);
        assertThat(s.maxExact()).isFalse();
        assertThat(s.sum().orElseThrow().asLong()).isEqualTo(20);
        assertThat(s.sum().orElseThrow().dtype()).isEqualTo(new DType.Primitive(PType.I64, true));
        assertThat(s.nullCount()).isEqualTo(OptionalLong.of(3));
        assertThat(s.uncompressedSizeInBytes()).isEqualTo(OptionalLong.of(100));
        assertThat(s.nanCount()).isEqualTo(OptionalLong.of(0));
        assertThat(s.isSorted()).isEqualTo(Optional.of(true));
        assertThat(s.isStrictSorted()).isEqualTo(Optional.of(false));
        assertThat(s.isConstant()).isEmpty();
    }

    @Test
    void absentAndNullValuesAreEmpty() {
        ArrayStatistics s = StatisticsTables.read(stats(NULL, 0, null, 0, null, false), I32);
        assertThat(s.min()).isEmpty();
        assertThat(s.max()).isEmpty();
        assertThat(s.sum()).isEmpty();
        assertThat(s.nullCount()).isEmpty();
        assertThat(s.nanCount()).isEmpty();
        assertThat(s.uncompressedSizeInBytes()).isEmpty();
        assertThat(s.isSorted()).isEmpty();
        assertThat(s.isStrictSorted()).isEmpty();
    }

    @Test
    void theSumTypeFollowsTheColumn() {
        assertThat(StatisticsTables.read(stats(null, 0, null, 0, u64(5), false), new DType.Bool(false)).sum()
                .orElseThrow().dtype()).isEqualTo(new DType.Primitive(PType.U64, true));
        assertThat(StatisticsTables.read(stats(null, 0, null, 0, u64(-1), false),
                new DType.Primitive(PType.U16, false)).sum().orElseThrow().asLong()).isEqualTo(-1L);
        assertThat(StatisticsTables.read(stats(null, 0, null, 0, f64(2.5), false),
                new DType.Primitive(PType.F16, true)).sum().orElseThrow().asDouble()).isEqualTo(2.5);
        assertThat(StatisticsTables.read(stats(null, 0, null, 0, i64(-2), false),
                Extensions.date(TimeUnit.DAYS, false)).sum().orElseThrow().dtype())
                .isEqualTo(new DType.Primitive(PType.I64, true));
        var decimalSum = StatisticsTables.read(stats(null, 0, null, 0, i64(-7), false),
                new DType.Decimal(70, 2, false)).sum().orElseThrow();
        assertThat(decimalSum.dtype()).isEqualTo(new DType.Decimal(76, 2, true));
        assertThat(decimalSum.value()).isEqualTo(BigInteger.valueOf(-7));
        assertThat(StatisticsTables.read(stats(null, 0, null, 0, i64(1), false), new DType.Decimal(5, 1, false))
                .sum().orElseThrow().dtype()).isEqualTo(new DType.Decimal(15, 1, true));
        // no sum for strings: the bytes are not even decoded
        assertThat(StatisticsTables.read(stats(null, 0, null, 0, new byte[] {(byte) 0xFF}, false),
                new DType.Utf8(false)).sum()).isEmpty();
    }

    @Test
    void unknownPrecisionsAndBadValuesNameTheTable() {
        for (int field : new int[] {1, 3}) {
            FbTable t = field == 1 ? stats(null, 2, null, 0, null, false) : stats(null, 0, null, 2, null, false);
            assertThatThrownBy(() -> StatisticsTables.read(t, I32)).isInstanceOfSatisfying(VortexException.class,
                    e -> {
                        assertThat(e.problem()).isEqualTo("unknown statistic precision 2, expected 0 (inexact) or 1"
                                + " (exact)");
                        assertThat(e.source()).isEqualTo("s.vortex");
                        assertThat(e.byteOffset()).isEqualTo(t.absoluteOffset());
                        assertThat(e.contextPath()).isEqualTo("statistics");
                    });
        }
        assertThatThrownBy(() -> StatisticsTables.read(stats(new ProtoWriter().varintAlways(2, 1).toByteArray(), 0,
                null, 0, null, false), I32)).isInstanceOf(VortexException.class).hasMessageContaining("s.vortex");
    }
}
