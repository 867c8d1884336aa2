package io.jvortex.internal.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.internal.flatbuffers.FbBuilder;
import io.jvortex.internal.flatbuffers.FbTable;
import io.jvortex.scalar.ArrayStatistics;
import io.jvortex.scalar.Scalar;
import java.lang.foreign.MemorySegment;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** {@link ArrayStatsWriter} read back by {@link ArrayStatistics#read}. */
class ArrayStatsWriterTest {
    private static FbTable write(ArrayStatistics stats) {
        FbBuilder fb = new FbBuilder();
        byte[] blob = fb.finish(ArrayStatsWriter.write(fb, stats));
        return FbTable.root(MemorySegment.ofArray(blob), new FbTable.Origin("t", 0, "stats"));
    }

    @Test
    void noStatisticsIsAnEmptyTable() {
        FbTable t = write(ArrayStatsWriter.NONE);
        for (int f = 0; f < 11; f++) {
            assertThat(t.has(f)).isFalse();
        }
        assertThat(io.jvortex.internal.format.StatisticsTables.read(t, new DType.Primitive(PType.I32, true))).isEqualTo(ArrayStatsWriter.NONE);
    }

    @Test
    void everyStatisticRoundTrips() {
        DType i64 = new DType.Primitive(PType.I64, true);
        ArrayStatistics stats = new ArrayStatistics(Optional.of(new Scalar(i64, -5L)), true,
                Optional.of(new Scalar(i64, 90L)), false, Optional.of(new Scalar(i64, 1000L)), OptionalLong.of(0),
                OptionalLong.of(3), OptionalLong.of(4096), Optional.of(false), Optional.of(false), Optional.of(true));
        FbTable t = write(stats);
        assertThat(t.u8(3, 9)).isEqualTo(9); // inexact max: precision 0 is the default and omitted
        assertThat(t.u8(1, 0)).isEqualTo(1);
        assertThat(t.has(5)).isTrue(); // optional bools are written even when false
        assertThat(t.has(8)).isTrue(); // and optional counts even when 0
        assertThat(io.jvortex.internal.format.StatisticsTables.read(t, i64)).isEqualTo(stats);
    }
}
