package io.jvortex.internal.encodings.datetimeparts;

import static io.jvortex.internal.encodings.alp.SegmentBuilder.le;
import static io.jvortex.internal.encodings.alp.SegmentBuilder.node;
import static io.jvortex.internal.encodings.alp.SegmentBuilder.primitive;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jvortex.error.VortexException;
import io.jvortex.array.Canonical;
import io.jvortex.array.ExtensionArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.PType;
import io.jvortex.dtype.TimeUnit;
import io.jvortex.internal.encodings.alp.GoldenCase;
import io.jvortex.internal.encodings.alp.GoldenFiles;
import io.jvortex.internal.encodings.alp.SegmentBuilder;
import io.jvortex.internal.encodings.alp.SegmentBuilder.Node;
import io.jvortex.internal.encodings.alp.SegmentBuilder.Proto;
import io.jvortex.testing.Seeds;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class DateTimePartsEncodingTest {
    private static final TimeUnit[] UNITS = {TimeUnit.SECONDS, TimeUnit.MILLISECONDS, TimeUnit.MICROSECONDS,
                                             TimeUnit.NANOSECONDS};
    private static final PType[] INTEGERS = {PType.U8, PType.U16, PType.U32, PType.U64, PType.I8, PType.I16,
                                             PType.I32, PType.I64};

    static byte[] meta(PType days, PType seconds, PType subseconds) {
        Proto m = Proto.message();
        if (days != PType.U8) {
            m.varint(1, days.id());
        }
        if (seconds != PType.U8) {
            m.varint(2, seconds.id());
        }
        if (subseconds != PType.U8) {
            m.varint(3, subseconds.id());
        }
        return m.build();
    }

    /** A part's value as Rust's {@code as i64} sees it, as an exact integer. */
    static BigInteger widen(PType t, long bits) {
        long v = switch (t) {
            case U8 -> bits & 0xFF;
            case U16 -> bits & 0xFFFF;
            case U32 -> bits & 0xFFFF_FFFFL;
            case I8 -> (byte) bits;
            case I16 -> (short) bits;
            case I32 -> (int) bits;
            default -> bits;
        };
        return BigInteger.valueOf(v);
    }

    /** The reference combination: exact arithmetic, then reduced to 64 bits (Rust's wrapping release build). */
    static long reference(PType[] types, long d, long s, long sub, TimeUnit unit) {
        BigInteger perSecond = BigInteger.valueOf(unit.ticksPerSecond());
        return widen(types[0], d).multiply(BigInteger.valueOf(86_400)).multiply(perSecond)
                .add(widen(types[1], s).multiply(perSecond)).add(widen(types[2], sub)).longValue();
    }

    private static void check(TimeUnit unit, String tz, PType[] types, long[] days, long[] seconds, long[] subseconds,
                              boolean[] valid) {
        int n = days.length;
        Node node = node(DateTimePartsEncoding.ID, meta(types[0], types[1], types[2]),
                primitive(types[0], le(days, types[0].byteWidth()), valid),
                primitive(types[1], le(seconds, types[1].byteWidth()), null),
                primitive(types[2], le(subseconds, types[2].byteWidth()), null));
        DType.Extension dtype = Extensions.timestamp(unit, tz, valid != null);
        Canonical out = SegmentBuilder.decode(node, dtype, n);
        assertThat(out).isInstanceOf(ExtensionArray.class);
        assertThat(out.dtype()).isEqualTo(dtype);
        PrimitiveArray storage = (PrimitiveArray) ((ExtensionArray) out).storage();
        assertThat(storage.dtype()).isEqualTo(new DType.Primitive(PType.I64, valid != null));
        for (int i = 0; i < n; i++) {
            boolean isValid = valid == null || valid[i];
            assertThat(out.isValid(i)).isEqualTo(isValid);
            if (isValid) {
                assertThat(storage.getLong(i)).as("row %d", i)
                        .isEqualTo(reference(types, days[i], seconds[i], subseconds[i], unit));
            }
        }
    }

    static Stream<Arguments> shapes() {
        List<Arguments> out = new ArrayList<>();
        for (TimeUnit u : UNITS) {
            for (int len : new int[] {0, 1, 1023, 1024, 1025}) {
                for (String nulls : new String[] {"none", "some", "all"}) {
                    out.add(Arguments.of(u, len, nulls));
                }
            }
        }
        return out.stream();
    }

    /** Timestamps split the way the writer splits them (truncating division), including pre-1970 instants. */
    @ParameterizedTest(name = "{0} length {1}, nulls {2}")
    @MethodSource("shapes")
    void splitTimestampsRecombine(TimeUnit unit, int len, String nulls) {
        SplittableRandom rnd = Seeds.random(
                "DateTimePartsEncodingTest.splitTimestampsRecombine " + unit + " " + len + " " + nulls);
        long perDay = 86_400L * unit.ticksPerSecond();
        long[] ts = new long[len];
        long[] d = new long[len];
        long[] s = new long[len];
        long[] sub = new long[len];
        boolean[] valid = nulls.equals("none") ? null : new boolean[len];
        for (int i = 0; i < len; i++) {
            ts[i] = rnd.nextLong(-3_000_000_000L * unit.ticksPerSecond(), 3_000_000_000L * unit.ticksPerSecond());
            d[i] = ts[i] / perDay;
            s[i] = ts[i] % perDay / unit.ticksPerSecond();
            sub[i] = ts[i] % perDay % unit.ticksPerSecond();
            if (valid != null) {
                valid[i] = nulls.equals("some") && rnd.nextBoolean();
            }
        }
        check(unit, nulls.equals("some") ? "UTC" : null, new PType[] {PType.I32, PType.I32, PType.I32}, d, s, sub, valid);
        DType.Extension dtype = Extensions.timestamp(unit, null, false);
        Node node = node(DateTimePartsEncoding.ID, meta(PType.I64, PType.I64, PType.I64),
                primitive(PType.I64, le(d, 8), null), primitive(PType.I64, le(s, 8), null),
                primitive(PType.I64, le(sub, 8), null));
        PrimitiveArray storage = (PrimitiveArray) ((ExtensionArray) SegmentBuilder.decode(node, dtype, len)).storage();
        for (int i = 0; i < len; i++) {
            assertThat(storage.getLong(i)).isEqualTo(ts[i]);
        }
    }

    @Test
    void randomPartTypesMatchTheReference() {
        SplittableRandom rnd = Seeds.random("DateTimePartsEncodingTest.randomPartTypesMatchTheReference");
        for (int round = 0; round < 100; round++) {
            PType[] types = {INTEGERS[rnd.nextInt(8)], INTEGERS[rnd.nextInt(8)], INTEGERS[rnd.nextInt(8)]};
            int len = rnd.nextInt(2500);
            long[][] parts = new long[3][len];
            for (long[] part : parts) {
                for (int i = 0; i < len; i++) {
                    part[i] = rnd.nextInt(3) == 0 ? rnd.nextLong() : rnd.nextLong(-100_000, 100_000);
                }
            }
            boolean[] valid = null;
            if (rnd.nextBoolean()) {
                valid = new boolean[len];
                for (int i = 0; i < len; i++) {
                    valid[i] = rnd.nextInt(5) != 0;
                }
            }
            check(UNITS[rnd.nextInt(4)], rnd.nextBoolean() ? null : "Europe/Berlin", types, parts[0], parts[1], parts[2],
                    valid);
        }
    }

    // ---- golden

    static List<GoldenCase> golden() {
        return GoldenCase.load("datetimeparts");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("golden")
    void goldenRootOverRustDecodedChildren(GoldenCase c) {
        Canonical out = SegmentBuilder.decode(c.rootOverPrimitiveChildren(), c.dtype(), c.rows());
        assertThat(out.dtype()).isEqualTo(c.dtype());
        c.assertBits(out, 0);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("golden")
    void goldenFullRustTree(GoldenCase c) {
        assumeTrue(c.fullTreeDecodable(), () -> "not registered yet: " + c.missingEncodings());
        Canonical out = SegmentBuilder.decode(c.serialized(), c.dtype(), c.rows());
        c.assertBits(out, 0);
    }

    /** The same columns written by the Rust file writer, read through the file reader. */
    @Test
    void goldenRustFiles() {
        GoldenFiles.Report report = GoldenFiles.check("datetimeparts", golden(), (c, rows, first) -> c.assertBits(rows, first));
        assertThat(report.columnsUsing(DateTimePartsEncoding.ID)).as("columns the Rust writer stored with %s: %s", DateTimePartsEncoding.ID,
                report.encodingsByColumn()).isNotEmpty();
        assumeTrue(report.opaque().isEmpty(), () -> "compared " + report.compared() + "; not yet readable: "
                + report.opaque());
    }

    // ---- corrupt input

    private static void assertCorrupt(Node n, DType dtype, int len, String messagePart) {
        assertThatThrownBy(() -> SegmentBuilder.decode(n, dtype, len))
                .isInstanceOf(VortexException.class)
                .hasMessageContaining(messagePart);
    }

    private static Node parts(byte[] meta, int len, Node... extra) {
        List<Node> kids = new ArrayList<>(List.of(primitive(PType.U8, new byte[len], null),
                primitive(PType.U8, new byte[len], null), primitive(PType.U8, new byte[len], null)));
        kids.addAll(List.of(extra));
        return node(DateTimePartsEncoding.ID, meta, kids.toArray(Node[]::new));
    }

    @Test
    void rejectsCorruptInput() {
        DType.Extension ts = Extensions.timestamp(TimeUnit.MILLISECONDS, null, false);
        byte[] ok = new byte[0];
        assertCorrupt(parts(ok, 1), new DType.Primitive(PType.I64, false), 1, "cannot hold");
        assertCorrupt(parts(ok, 1), Extensions.date(TimeUnit.MILLISECONDS, false), 1, "holds vortex.timestamp");
        assertCorrupt(parts(ok, 1), new DType.Extension(Extensions.TIMESTAMP, new DType.Primitive(PType.I64, false),
                new byte[] {4, 0, 0}), 1, "timestamp unit must not be days");
        assertCorrupt(parts(ok, 1), new DType.Extension(Extensions.TIMESTAMP, new DType.Primitive(PType.I32, false),
                new byte[] {2, 0, 0}), 1, "storage must be i64");
        assertCorrupt(parts(ok, 1), new DType.Extension(Extensions.TIMESTAMP, new DType.Primitive(PType.I64, false),
                new byte[] {2, 5, 0}), 1, "time zone");
        assertCorrupt(parts(meta(PType.F32, PType.U8, PType.U8), 1), ts, 1, "part types must be integers");
        assertCorrupt(parts(meta(PType.U8, PType.F64, PType.U8), 1), ts, 1, "part types must be integers");
        assertCorrupt(parts(meta(PType.U8, PType.U8, PType.F16), 1), ts, 1, "part types must be integers");
        assertCorrupt(parts(Proto.message().varint(1, 11).build(), 1), ts, 1, "unknown ptype id 11");
        assertCorrupt(parts(new byte[] {0x08}, 1), ts, 1, "truncated varint");
        assertCorrupt(node(DateTimePartsEncoding.ID, ok, primitive(PType.U8, new byte[1], null),
                primitive(PType.U8, new byte[1], null)), ts, 1, "has 2 children, expected 3");
        assertCorrupt(parts(ok, 1, primitive(PType.U8, new byte[1], null)), ts, 1, "has 4 children, expected 3");
        assertCorrupt(new Node(DateTimePartsEncoding.ID, ok, List.of(new byte[1]), parts(ok, 1).children()), ts, 1,
                "has 1 buffers, expected 0");
        assertCorrupt(parts(ok, 2), ts, 3, "expected 3");
        // days carries the validity: a validity child under a non-nullable timestamp is corrupt
        assertCorrupt(node(DateTimePartsEncoding.ID, ok, primitive(PType.U8, new byte[1], new boolean[] {true}),
                primitive(PType.U8, new byte[1], null), primitive(PType.U8, new byte[1], null)), ts, 1,
                "non-nullable array has a validity child");
    }
}
