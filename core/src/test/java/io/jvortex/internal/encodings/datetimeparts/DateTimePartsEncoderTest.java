package io.jvortex.internal.encodings.datetimeparts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.array.Canonical;
import io.jvortex.array.ExtensionArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.TestArrays;
import io.jvortex.array.TestSupport;
import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.PType;
import io.jvortex.dtype.TimeUnit;
import io.jvortex.internal.encodings.alp.EncodedNodes;
import io.jvortex.internal.encodings.alp.EncodedNodes.NullShape;
import io.jvortex.spi.WriteNode;
import java.util.HexFormat;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link DateTimePartsEncoder}: timestamps of every unit decode exactly through {@link DateTimePartsEncoding}. */
class DateTimePartsEncoderTest {
    private static final String[] ZONES = {null, "UTC", "Europe/Berlin", "America/New_York"};

    private static ExtensionArray timestamps(TimeUnit unit, String zone, long[] values, boolean[] valid) {
        PrimitiveArray storage = TestArrays.primitive(PType.I64, valid != null, values, valid);
        return new ExtensionArray(Extensions.timestamp(unit, zone, valid != null), storage);
    }

    /** Instants around now, before 1970, whole days, and the extremes of i64. */
    private static long[] values(SplittableRandom r, TimeUnit unit, int length, int kind) {
        long perSecond = unit.ticksPerSecond();
        long[] out = new long[length];
        for (int i = 0; i < length; i++) {
            out[i] = switch (kind) {
                case 0 -> 1_700_000_000L * perSecond
                        + r.nextLong(30L * 86_400 * perSecond);
                case 1 -> -r.nextLong(100L * 365 * 86_400) * perSecond - r.nextLong(perSecond);
                case 2 -> (19_000 + r.nextInt(1000)) * 86_400L * perSecond;
                default -> r.nextInt(4) == 0 ? Long.MIN_VALUE + r.nextInt(3) : Long.MAX_VALUE - r.nextInt(3);
            };
        }
        return out;
    }

    @Test
    void everyUnitZoneLengthAndNullPatternRoundTrips() {
        SplittableRandom r = TestSupport.random("DateTimePartsEncoderTest.every");
        int z = 0;
        for (TimeUnit unit : new TimeUnit[] {TimeUnit.SECONDS, TimeUnit.MILLISECONDS, TimeUnit.MICROSECONDS,
            TimeUnit.NANOSECONDS}) {
            for (int kind = 0; kind < 4; kind++) {
                for (int length : EncodedNodes.LENGTHS) {
                    for (NullShape nulls : NullShape.values()) {
                        String zone = ZONES[z++ % ZONES.length];
                        ExtensionArray array = timestamps(unit, zone, values(r, unit, length, kind),
                                EncodedNodes.validity(r, length, nulls));
                        WriteNode node = DateTimePartsEncoder.encodeCanonical(array);
                        Canonical decoded = EncodedNodes.decode(node, array.dtype(), length);
                        assertThat(decoded).isInstanceOf(ExtensionArray.class);
                        assertThat(TestSupport.rows(decoded)).as("%s %s kind %d × %d %s", unit, zone, kind, length,
                                nulls).isEqualTo(TestSupport.rows(array));
                    }
                }
            }
        }
    }

    /** The 0.91 file of a whole-second ms column: days u16, seconds u32, sub-seconds u8 ({@code 08 01 10 02}). */
    @Test
    void wholeSecondsNarrowLikeTheReference() {
        SplittableRandom r = TestSupport.random("DateTimePartsEncoderTest.narrow");
        long[] v = new long[5000];
        for (int i = 0; i < v.length; i++) {
            v[i] = 1_700_000_000_000L + r.nextInt(1000) * 86_400_000L + r.nextInt(86_400) * 1000L;
        }
        ExtensionArray array = timestamps(TimeUnit.MILLISECONDS, "Europe/Berlin", v, null);
        DateTimePartsEncoder.Parts parts = DateTimePartsEncoder.split(array);
        assertThat(parts.days().ptype()).isEqualTo(PType.U16);
        assertThat(parts.seconds().ptype()).isEqualTo(PType.U32);
        assertThat(parts.subseconds().ptype()).isEqualTo(PType.U8);
        assertThat(HexFormat.of().formatHex(DateTimePartsEncoder.encodeCanonical(array).metadata()))
                .isEqualTo("08011002");
        for (int i = 0; i < v.length; i++) {
            assertThat(parts.days().getLong(i) * 86_400_000L + parts.seconds().getLong(i) * 1000)
                    .isEqualTo(v[i]);
        }
    }

    @Test
    void preEpochPartsAreNegativeAndSigned() {
        ExtensionArray array = timestamps(TimeUnit.SECONDS, null, new long[] {-1, -86_401, 5}, null);
        DateTimePartsEncoder.Parts parts = DateTimePartsEncoder.split(array);
        assertThat(parts.days().ptype()).isEqualTo(PType.I8);
        assertThat(parts.seconds().ptype()).isEqualTo(PType.I8);
        assertThat(TestSupport.rows(parts.days())).containsExactly(0L, -1L, 0L);
        assertThat(TestSupport.rows(parts.seconds())).containsExactly(-1L, -1L, 5L);
    }

    @Test
    void onlyTimestampsAreAccepted() {
        ExtensionArray date = new ExtensionArray(Extensions.date(TimeUnit.DAYS, false),
                TestArrays.i32(1, 2));
        assertThat(DateTimePartsEncoder.timestampUnit(date)).isNull();
        assertThatThrownBy(() -> DateTimePartsEncoder.split(date)).isInstanceOf(IllegalArgumentException.class);
        assertThat(new DateTimePartsScheme().accepts(date)).isFalse();
        assertThat(new DateTimePartsScheme().accepts(timestamps(TimeUnit.NANOSECONDS, "UTC", new long[] {1}, null)))
                .isTrue();
    }
}
