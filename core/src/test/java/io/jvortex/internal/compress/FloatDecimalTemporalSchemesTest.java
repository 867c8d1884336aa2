package io.jvortex.internal.compress;

import io.jvortex.internal.registry.BuiltinSchemes;
import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.array.Canonical;
import io.jvortex.array.DecimalArray;
import io.jvortex.array.ExtensionArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.TestArrays;
import io.jvortex.array.TestSupport;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.PType;
import io.jvortex.dtype.TimeUnit;
import io.jvortex.internal.encodings.alp.EncodedNodes;
import io.jvortex.internal.encodings.alp.EncodedNodes.FloatShape;
import io.jvortex.internal.encodings.alp.EncodedNodes.NullShape;
import io.jvortex.spi.CanonicalEncoder;
import io.jvortex.spi.WriteNode;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The float, decimal and temporal schemes inside the cascading compressor with the built-in scheme list:
 * whatever is chosen decodes to the input, the decimal and temporal encodings are chosen where they are
 * smaller, and an edition without an encoding never gets it.
 */
class FloatDecimalTemporalSchemesTest {
    private static final Compressor ALL = new Compressor(BuiltinSchemes.defaults(), id -> true);
    private static final TimeUnit[] UNITS = {TimeUnit.SECONDS, TimeUnit.MILLISECONDS, TimeUnit.MICROSECONDS,
        TimeUnit.NANOSECONDS};

    private static WriteNode check(Compressor compressor, Canonical array, String what) {
        WriteNode node = compressor.compress(array);
        Canonical decoded = EncodedNodes.decode(node, array.dtype(), array.length());
        assertThat(TestSupport.rows(decoded)).as(what).isEqualTo(TestSupport.rows(array));
        assertThat(NodeSize.bytes(node)).as(what).isLessThanOrEqualTo(NodeSize.bytes(CanonicalEncoder.encode(array)));
        return node;
    }

    /** Decimals of storage width {@code width} with valid values in {@code [-bound, bound)}. */
    static DecimalArray decimals(SplittableRandom r, int precision, int scale, int width, long bound, int length,
                                 boolean[] valid) {
        MemorySegment values = MemorySegment.ofArray(new byte[length * width]);
        for (int i = 0; i < length; i++) {
            long v = r.nextLong(-bound, bound);
            for (int b = 0; b < width; b++) {
                values.set(ValueLayout.JAVA_BYTE, (long) i * width + b, (byte) (b < 8 ? v >> (8 * b) : v >> 63));
            }
        }
        return new DecimalArray(new DType.Decimal(precision, scale, valid != null), width, values, length,
                TestArrays.validity(valid));
    }

    /** Timestamps within a year after 2023-11-14, at whole seconds or with random sub-seconds. */
    static ExtensionArray timestamps(SplittableRandom r, TimeUnit unit, String zone, boolean wholeSeconds, int length,
                                     boolean[] valid) {
        long perSecond = unit.ticksPerSecond();
        long[] v = new long[length];
        for (int i = 0; i < length; i++) {
            long seconds = 1_700_000_000L + r.nextLong(365L * 86_400);
            v[i] = seconds * perSecond + (wholeSeconds ? 0 : r.nextLong(perSecond));
        }
        return new ExtensionArray(Extensions.timestamp(unit, zone, valid != null),
                TestArrays.primitive(PType.I64, valid != null, v, valid));
    }

    @Test
    void everyColumnKindRoundTripsThroughTheCompressor() {
        SplittableRandom r = TestSupport.random("FloatDecimalTemporalSchemesTest.every");
        List<String> roots = new ArrayList<>();
        for (int length : EncodedNodes.LENGTHS) {
            for (NullShape nulls : NullShape.values()) {
                for (FloatShape shape : FloatShape.values()) {
                    boolean[] valid = EncodedNodes.validity(r, length, nulls);
                    check(ALL, TestArrays.f64(EncodedNodes.doubles(r, length, shape), valid), "f64 " + shape);
                    check(ALL, TestArrays.f32(EncodedNodes.floats(r, length, shape), valid), "f32 " + shape);
                }
                boolean[] valid = EncodedNodes.validity(r, length, nulls);
                roots.add(check(ALL, decimals(r, 10, 2, 8, 100_000, length, valid), "decimal(10,2)").encodingId());
                check(ALL, decimals(r, 38, 5, 16, Long.MAX_VALUE, length, valid), "decimal(38,5)");
                check(ALL, decimals(r, 4, 1, 2, 9999, length, valid), "decimal(4,1)");
                for (TimeUnit unit : UNITS) {
                    check(ALL, timestamps(r, unit, "UTC", true, length, valid), "timestamp " + unit);
                    check(ALL, timestamps(r, unit, null, false, length, valid), "timestamp " + unit);
                }
            }
        }
        assertThat(roots).contains("vortex.decimal_byte_parts");
    }

    @Test
    void narrowableDecimalsBecomeByteParts() {
        SplittableRandom r = TestSupport.random("FloatDecimalTemporalSchemesTest.decimal");
        WriteNode node = check(ALL, decimals(r, 10, 2, 16, 30_000, 5000, null), "decimal(10,2) in i128");
        assertThat(node.encodingId()).isEqualTo("vortex.decimal_byte_parts");
        assertThat(node.metadata()).containsExactly(0x08, PType.I16.id());
        assertThat(NodeSize.bytes(node)).isLessThanOrEqualTo(5000 * 2 + 16);
        WriteNode wide = check(ALL, decimals(r, 38, 0, 16, Long.MAX_VALUE, 5000, null), "decimal(38,0) in i128");
        assertThat(wide.encodingId()).isEqualTo("vortex.decimal_byte_parts");
        assertThat(wide.metadata()).containsExactly(0x08, PType.I64.id());
    }

    @Test
    void wholeSecondTimestampsBecomeDateTimeParts() {
        SplittableRandom r = TestSupport.random("FloatDecimalTemporalSchemesTest.timestamps");
        // (in seconds, a year of instants needs as many bits whole as split, so the storage may win)
        for (TimeUnit unit : new TimeUnit[] {TimeUnit.MILLISECONDS, TimeUnit.MICROSECONDS, TimeUnit.NANOSECONDS}) {
            boolean[] valid = EncodedNodes.validity(r, 5000, NullShape.SOME);
            WriteNode node = check(ALL, timestamps(r, unit, "Europe/Berlin", true, 5000, valid), unit.symbol());
            assertThat(node.encodingId()).as(unit.symbol()).isEqualTo("vortex.datetimeparts");
        }
    }

    @Test
    void anEditionWithoutTheEncodingsNeverGetsThem() {
        SplittableRandom r = TestSupport.random("FloatDecimalTemporalSchemesTest.edition");
        List<String> forbidden = List.of("vortex.alp", "vortex.alprd", "vortex.decimal_byte_parts",
                "vortex.datetimeparts");
        Compressor none = new Compressor(BuiltinSchemes.defaults(), id -> !forbidden.contains(id));
        List<Canonical> arrays = List.of(decimals(r, 10, 2, 16, 30_000, 3000, null),
                timestamps(r, TimeUnit.SECONDS, null, true, 3000, null),
                TestArrays.f64(EncodedNodes.doubles(r, 3000, FloatShape.PRICES), null),
                TestArrays.f32(EncodedNodes.floats(r, 3000, FloatShape.NOISE), null));
        for (Canonical a : arrays) {
            WriteNode node = check(none, a, a.dtype().display());
            assertThat(EncodedNodes.ids(node)).doesNotContainAnyElementsOf(forbidden);
        }
    }

    @Test
    void eachSchemeAcceptsOnlyItsFamily() {
        PrimitiveArray f16 = TestArrays.primitive(PType.F16, false, new long[] {0x3C00}, null);
        PrimitiveArray f64 = TestArrays.f64(new double[] {1.5}, null);
        SplittableRandom rnd = TestSupport.random("FloatDecimalTemporalSchemesTest.eachSchemeAcceptsOnlyItsFamily");
        ExtensionArray ts = timestamps(rnd, TimeUnit.SECONDS, null, true, 1, null);
        ExtensionArray date = new ExtensionArray(Extensions.date(TimeUnit.DAYS, false), TestArrays.i32(1));
        DecimalArray dec = decimals(rnd, 4, 1, 2, 99, 1, null);
        List<Canonical> arrays = List.of(f16, f64, ts, date, dec, TestArrays.i64(1));
        List<Scheme> ours = List.of(new io.jvortex.internal.encodings.alp.AlpScheme(),
                new io.jvortex.internal.encodings.alprd.AlpRdScheme(),
                new io.jvortex.internal.encodings.decimalbyteparts.DecimalBytePartsScheme(),
                new io.jvortex.internal.encodings.datetimeparts.DateTimePartsScheme());
        List<String> accepted = new ArrayList<>();
        for (Scheme s : ours) {
            assertThat(BuiltinSchemes.defaults()).anyMatch(d -> d.name().equals(s.name())
                    && d.encodingId().equals(s.encodingId()));
            for (Canonical a : arrays) {
                if (s.accepts(a)) {
                    accepted.add(s.encodingId() + ":" + a.dtype().display());
                }
            }
        }
        assertThat(accepted).containsExactlyInAnyOrder("vortex.alp:" + f64.dtype().display(),
                "vortex.alprd:" + f64.dtype().display(), "vortex.decimal_byte_parts:" + dec.dtype().display(),
                "vortex.datetimeparts:" + ts.dtype().display());
    }
}
