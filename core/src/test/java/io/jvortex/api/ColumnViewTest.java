package io.jvortex.api;

import io.jvortex.api.internal.ApiAccess;
import static io.jvortex.array.TestArrays.bools;
import static io.jvortex.array.TestArrays.f32;
import static io.jvortex.array.TestArrays.f64;
import static io.jvortex.array.TestArrays.i32;
import static io.jvortex.array.TestArrays.i64;
import static io.jvortex.array.TestArrays.primitive;
import static io.jvortex.array.TestArrays.struct;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.array.Canonical;
import io.jvortex.array.ExtensionArray;
import io.jvortex.array.FixedSizeListArray;
import io.jvortex.array.ListViewArray;
import io.jvortex.array.NullArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.StructArray;
import io.jvortex.array.TestArrays;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.PType;
import io.jvortex.dtype.TimeUnit;
import io.jvortex.testing.Seeds;
import java.lang.foreign.Arena;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ColumnViewTest {

    /** Expected widened value of raw bits at a ptype (the naive reference). */
    private static long widen(PType ptype, long raw) {
        return switch (ptype) {
            case I8 -> (byte) raw;
            case U8 -> raw & 0xFF;
            case I16 -> (short) raw;
            case U16 -> raw & 0xFFFF;
            case I32 -> (int) raw;
            case U32 -> raw & 0xFFFF_FFFFL;
            default -> raw;
        };
    }

    @ParameterizedTest
    @EnumSource(value = PType.class, names = {"I8", "U8", "I16", "U16", "I32", "U32", "I64", "U64"})
    void longsOfEveryIntegerWidthWithSomeNullsAndSlices(PType ptype) {
        Random rnd = new Random(Seeds.seed("ColumnViewTest.longsOfEveryIntegerWidthWithSomeNullsAndSlices " + ptype));
        int n = 2500; // crosses the 1024-row fold blocks
        long[] raw = new long[n];
        boolean[] valid = new boolean[n];
        for (int i = 0; i < n; i++) {
            raw[i] = switch (i % 5) {
                case 0 -> -1L; // MAX of unsigned, -1 of signed
                case 1 -> 1L << (ptype.bitWidth() - 1); // MIN of signed
                default -> rnd.nextLong();
            };
            valid[i] = rnd.nextInt(4) != 0;
        }
        PrimitiveArray array = primitive(ptype, true, raw, valid);
        for (int[] range : new int[][] {{0, n}, {7, 1100}, {1023, 1}, {1024, 0}}) {
            int start = range[0];
            int len = range[1];
            LongColumn col = Column.of("x", array.slice(start, len)).asLongs();
            long expectedSum = 0;
            int nulls = 0;
            for (int i = 0; i < len; i++) {
                long v = widen(ptype, raw[start + i]);
                if (valid[start + i]) {
                    assertThat(col.get(i)).isEqualTo(v);
                    expectedSum += v;
                } else {
                    nulls++;
                }
                assertThat(col.isNull(i)).isEqualTo(!valid[start + i]);
            }
            assertThat(col.nullCount()).isEqualTo(nulls);
            assertThat(col.sum()).isEqualTo(expectedSum);
            long[] copy = new long[len + 2];
            col.copyTo(copy, 2, 0, len);
            for (int i = 0; i < len; i++) {
                assertThat(copy[2 + i]).isEqualTo(widen(ptype, raw[start + i]));
            }
            assertThat(col.size()).isEqualTo(len);
            assertThat(col.ptype()).isEqualTo(ptype);
        }
    }

    @Test
    void longsWithoutNullsAndAllNulls() {
        LongColumn none = Column.of("a", i64(Long.MIN_VALUE, 5, Long.MAX_VALUE)).asLongs();
        assertThat(none.nullCount()).isZero();
        assertThat(none.toArray()).containsExactly(Long.MIN_VALUE, 5, Long.MAX_VALUE);
        assertThat(none.sum()).isEqualTo(Long.MIN_VALUE + 5 + Long.MAX_VALUE);

        PrimitiveArray allNull = new PrimitiveArray(new DType.Primitive(PType.I32, true),
                i32(1, 2, 3).values(), 3, Validity.ALL_INVALID);
        LongColumn all = Column.of("b", allNull).asLongs();
        assertThat(all.nullCount()).isEqualTo(3);
        assertThat(all.sum()).isZero();
        assertThat(all.isNull(2)).isTrue();

        LongColumn empty = Column.of("c", i64()).asLongs();
        assertThat(empty.sum()).isZero();
        assertThat(empty.toArray()).isEmpty();
    }

    @Test
    void u64RawBitsAndUnsignedValues() {
        PrimitiveArray a = primitive(PType.U64, true, new long[] {-1L, 7, 0}, new boolean[] {true, true, false});
        LongColumn col = Column.of("u", a).asLongs();
        assertThat(col.isUnsigned()).isTrue();
        assertThat(col.get(0)).isEqualTo(-1L);
        assertThat(col.getUnsigned(0)).isEqualTo(new BigInteger("18446744073709551615"));
        assertThat(col.getUnsigned(1)).isEqualTo(BigInteger.valueOf(7));
        assertThat(col.getUnsigned(2)).isNull();
        assertThat(Long.toUnsignedString(col.sum())).isEqualTo("6"); // wraps: 2^64 - 1 + 7
        assertThatThrownBy(() -> Column.of("s", i64(1)).asLongs().getUnsigned(0))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("signed");
    }

    @Test
    void indexChecks() {
        LongColumn col = Column.of("a", i64(1, 2)).asLongs();
        assertThatThrownBy(() -> col.get(2)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> col.isNull(-1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> col.copyTo(new long[2], 0, 1, 2)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> col.copyTo(new long[1], 0, 0, 2)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void doublesOfEveryFloatWidth() {
        double[] values = {1.5, Double.NaN, -0.0, 1e300, 2.25, Double.NEGATIVE_INFINITY};
        boolean[] valid = {true, false, true, true, true, false};
        DoubleColumn d = Column.of("d", f64(values, valid)).asDoubles();
        assertThat(d.ptype()).isEqualTo(PType.F64);
        assertThat(d.get(0)).isEqualTo(1.5);
        assertThat(Double.doubleToRawLongBits(d.get(2))).isEqualTo(Double.doubleToRawLongBits(-0.0));
        // the NaN and -Infinity sit in null slots and must not leak into the sum
        assertThat(d.sum()).isEqualTo(1.5 + -0.0 + 1e300 + 2.25);
        assertThat(d.nullCount()).isEqualTo(2);

        DoubleColumn f = Column.of("f", f32(new float[] {0.1f, 3f, Float.MAX_VALUE}, null)).asDoubles();
        assertThat(f.get(0)).isEqualTo((double) 0.1f);
        assertThat(f.toArray()).containsExactly(0.1f, 3f, Float.MAX_VALUE);
        assertThat(f.sum()).isEqualTo((double) 0.1f + 3.0 + Float.MAX_VALUE);

        long[] halfBits = {Float.floatToFloat16(1.5f), Float.floatToFloat16(-2f), Float.floatToFloat16(65504f)};
        DoubleColumn h = Column.of("h", primitive(PType.F16, false, halfBits, null)).asDoubles();
        assertThat(h.toArray()).containsExactly(1.5, -2.0, 65504.0);

        DoubleColumn sliced = Column.of("d", f64(values, valid).slice(2, 3)).asDoubles();
        assertThat(sliced.toArray()).containsExactly(-0.0, 1e300, 2.25);
        assertThat(sliced.nullCount()).isZero();
    }

    @Test
    void doubleSumAcrossBlocksMatchesNaiveSum() {
        Random rnd = new Random(Seeds.seed("ColumnViewTest.doubleSumAcrossBlocksMatchesNaiveSum"));
        int n = 3000;
        double[] v = new double[n];
        boolean[] valid = new boolean[n];
        double expected = 0;
        for (int i = 0; i < n; i++) {
            v[i] = rnd.nextDouble() * 100;
            valid[i] = rnd.nextBoolean();
            if (valid[i]) {
                expected += v[i];
            }
        }
        assertThat(Column.of("x", f64(v, valid)).asDoubles().sum()).isEqualTo(expected);
    }

    @Test
    void booleansWithNullsAndOffsets() {
        boolean[] values = {true, false, true, true, false, true};
        boolean[] valid = {true, true, false, true, true, true};
        BooleanColumn b = Column.of("b", bools(values, valid)).asBooleans();
        assertThat(b.get(0)).isTrue();
        assertThat(b.get(1)).isFalse();
        assertThat(b.isNull(2)).isTrue();
        assertThat(b.countTrue()).isEqualTo(3);
        BooleanColumn s = Column.of("b", bools(values, valid).slice(3, 3)).asBooleans();
        boolean[] out = new boolean[3];
        s.copyTo(out);
        assertThat(out).containsExactly(true, false, true);
        assertThat(s.countTrue()).isEqualTo(2);
        assertThat(Column.of("b", bools(values, null)).asBooleans().countTrue()).isEqualTo(4);
    }

    @Test
    void stringsFromBothPhysicalForms() {
        String longText = "a string longer than twelve bytes, ünïcödé";
        for (Canonical array : List.of(TestArrays.varBin(true, "x", null, "", longText, "héllo"),
                TestArrays.varBinView(true, "x", null, "", longText, "héllo"))) {
            StringColumn s = Column.of("s", array).asStrings();
            assertThat(s.getString(0)).isEqualTo("x");
            assertThat(s.getString(1)).isNull();
            assertThat(s.getBytes(1)).isNull();
            assertThat(s.getString(2)).isEmpty();
            assertThat(s.getString(3)).isEqualTo(longText);
            assertThat(s.byteLength(4)).isEqualTo(6);
            assertThat(s.nullCount()).isEqualTo(1);
            StringColumn sliced = Column.of("s", array.slice(3, 2)).asStrings();
            assertThat(sliced.getString(0)).isEqualTo(longText);
            assertThat(sliced.getString(1)).isEqualTo("héllo");
            // utf8 also reads as binary
            assertThat(Column.of("s", array).asBinaries().getBytes(0)).containsExactly('x');
        }
        BinaryColumn bin = Column.of("b", TestArrays.varBin(false, "ab", null)).asBinaries();
        assertThat(bin.getBytes(0)).containsExactly('a', 'b');
        assertThat(bin.getSegment(1)).isNull();
        assertThatThrownBy(() -> Column.of("b", TestArrays.varBin(false, "ab")).asStrings())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("binary");
    }

    @Test
    void decimals() {
        var narrow = TestArrays.decimal(10, 2, 8,
                new BigInteger[] {BigInteger.valueOf(123), null, BigInteger.valueOf(-456)});
        DecimalColumn d = Column.of("d", narrow).asDecimals();
        assertThat(d.precision()).isEqualTo(10);
        assertThat(d.scale()).isEqualTo(2);
        assertThat(d.getBigDecimal(0)).isEqualTo(new BigDecimal("1.23"));
        assertThat(d.getBigDecimal(1)).isNull();
        assertThat(d.getUnscaledLong(2)).isEqualTo(-456);

        BigInteger huge = BigInteger.TEN.pow(30).negate();
        var wide = TestArrays.decimal(38, 3, 16, new BigInteger[] {huge, BigInteger.valueOf(-7)});
        DecimalColumn w = Column.of("w", wide.slice(0, 2)).asDecimals();
        assertThat(w.getBigDecimal(0)).isEqualTo(new BigDecimal(huge, 3));
        assertThat(w.getUnscaled(0)).isEqualTo(huge);
        assertThat(w.getUnscaledLong(1)).isEqualTo(-7);
        assertThatThrownBy(() -> w.getUnscaledLong(0)).isInstanceOf(ArithmeticException.class);
    }

    @Test
    void temporalColumns() {
        var dates = new ExtensionArray(Extensions.date(TimeUnit.DAYS, true),
                primitive(PType.I32, true, new long[] {0, -1, 19_000}, new boolean[] {true, true, false}));
        DateColumn d = Column.of("d", dates).asDates();
        assertThat(d.get(0)).isEqualTo(LocalDate.of(1970, 1, 1));
        assertThat(d.get(1)).isEqualTo(LocalDate.of(1969, 12, 31));
        assertThat(d.get(2)).isNull();
        assertThat(d.getRaw(1)).isEqualTo(-1);

        var millisDates = new ExtensionArray(Extensions.date(TimeUnit.MILLISECONDS, false),
                primitive(PType.I64, false, new long[] {-1}, null));
        assertThat(Column.of("m", millisDates).asDates().getEpochDay(0)).isEqualTo(-1);

        var ts = new ExtensionArray(Extensions.timestamp(TimeUnit.MICROSECONDS, "UTC", false),
                primitive(PType.I64, false, new long[] {1, -1_500_000}, null));
        TimestampColumn t = Column.of("t", ts).asTimestamps();
        assertThat(t.timeZone()).contains("UTC");
        assertThat(t.unit()).isEqualTo(TimeUnit.MICROSECONDS);
        assertThat(t.get(0)).isEqualTo(Instant.ofEpochSecond(0, 1000));
        assertThat(t.get(1)).isEqualTo(Instant.parse("1969-12-31T23:59:58.500Z"));
        assertThat(t.getRaw(1)).isEqualTo(-1_500_000);
        assertThat(Column.of("t", ts).asLongs().toArray()).containsExactly(1, -1_500_000);

        var times = new ExtensionArray(Extensions.time(TimeUnit.MILLISECONDS, false),
                primitive(PType.I32, false, new long[] {3_723_004, 90_000_000}, null));
        TimeColumn tc = Column.of("tc", times).asTimes();
        assertThat(tc.get(0)).isEqualTo(LocalTime.of(1, 2, 3, 4_000_000));
        assertThatThrownBy(() -> tc.get(1)).isInstanceOf(java.time.DateTimeException.class);

        assertThat(new ExtensionArray(Extensions.timestamp(TimeUnit.SECONDS, null, false), i64(5)))
                .satisfies(a -> assertThat(Column.of("x", a).asTimestamps().timeZone()).isEqualTo(Optional.empty()));
        assertThatThrownBy(() -> Column.of("d", dates).asTimestamps())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("vortex.date");
    }

    @Test
    void structsAndLists() {
        var elements = i32(1, 2, 3, 4, 5, 6);
        var lists = TestArrays.list(elements, new long[] {0, 2, 2, 5, 6}, new boolean[] {true, false, true, true});
        var struct = struct(List.of("id", "xs"), i64(10, 11, 12, 13), lists);
        StructColumn s = Column.of("root", struct).asStructs();
        assertThat(s.fieldNames()).containsExactly("id", "xs");
        assertThat(s.field(0).name()).isEqualTo("id");
        assertThat(s.field("id").asLongs().get(3)).isEqualTo(13);
        assertThatThrownBy(() -> s.field("nope")).isInstanceOf(IllegalArgumentException.class);

        ListColumn l = s.field("xs").asLists();
        assertThat(l.isNull(1)).isTrue();
        assertThat(l.size(2)).isEqualTo(3);
        assertThat(l.start(2)).isEqualTo(2);
        assertThat(l.get(2).asLongs().toArray()).containsExactly(3, 4, 5);
        assertThat(l.elements().asLongs().sum()).isEqualTo(21);
        ListColumn sliced = Column.of("xs", lists.slice(2, 2)).asLists();
        assertThat(sliced.start(0)).isEqualTo(2);
        assertThat(sliced.get(1).asLongs().toArray()).containsExactly(6);

        var views = new ListViewArray(new DType.List(elements.dtype(), false), elements,
                primitive(PType.I32, false, new long[] {4, 0}, null), primitive(PType.I32, false, new long[] {2, 3}, null),
                2, Validity.ALL_VALID);
        ListColumn lv = Column.of("v", views).asLists();
        assertThat(lv.get(0).asLongs().toArray()).containsExactly(5, 6);
        assertThat(lv.size(1)).isEqualTo(3);

        var fixed = new FixedSizeListArray(new DType.FixedSizeList(elements.dtype(), 3, false), elements, 2,
                Validity.ALL_VALID);
        ListColumn fl = Column.of("f", fixed.slice(1, 1)).asLists();
        assertThat(fl.start(0)).isZero();
        assertThat(fl.get(0).asLongs().toArray()).containsExactly(4, 5, 6);
    }

    @Test
    void wrongCastsNameTheDtype() {
        Column c = Column.of("price", f64(new double[] {1}, new boolean[] {true}));
        assertThatThrownBy(c::asLongs).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("price").hasMessageContaining("f64?");
        assertThatThrownBy(c::asStrings).isInstanceOf(IllegalStateException.class).hasMessageContaining("f64?");
        assertThatThrownBy(c::asBooleans).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(c::asDecimals).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(c::asStructs).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(c::asLists).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(c::asDates).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(c::asTimes).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(c::asBinaries).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> Column.of("i", i64(1)).asDoubles()).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("i64");
        Column nulls = Column.of("n", new NullArray(2));
        assertThat(nulls.nullCount()).isEqualTo(2);
        assertThatThrownBy(nulls::asLongs).isInstanceOf(IllegalStateException.class).hasMessageContaining("null");
    }

    @Test
    void chunkColumnsAndUseAfterClose() {
        StructArray table = struct(List.of("a", "s"), i64(1, 2, 3), TestArrays.varBin(true, "x", "y", "z"));
        Chunk chunk = ApiAccess.newChunk(100, table, Arena.ofConfined(), null);
        assertThat(chunk.columnCount()).isEqualTo(2);
        assertThat(chunk.column(1).name()).isEqualTo("s");
        Column a = chunk.column("a");
        LongColumn longs = a.asLongs();
        StringColumn strings = chunk.column("s").asStrings();
        assertThat(longs.sum()).isEqualTo(6);
        assertThat(strings.getString(2)).isEqualTo("z");
        assertThatThrownBy(() -> chunk.column("zz")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> chunk.column(2)).isInstanceOf(IndexOutOfBoundsException.class);
        chunk.close();
        assertThatThrownBy(() -> longs.get(0)).isInstanceOf(IllegalStateException.class).hasMessageContaining("closed");
        assertThatThrownBy(longs::sum).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> longs.copyTo(new long[1])).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> strings.getString(0)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> a.isNull(0)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(a::nullCount).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(a::asLongs).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> chunk.column("a")).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(chunk::columnCount).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void nonStructRootIsOneUnnamedColumn() {
        try (Chunk chunk = ApiAccess.newChunk(0, i64(4, 5), null, null)) {
            assertThat(chunk.columnCount()).isEqualTo(1);
            assertThat(chunk.column(0).name()).isEmpty();
            assertThat(chunk.column(0).asLongs().sum()).isEqualTo(9);
            assertThatThrownBy(() -> chunk.column("a")).isInstanceOf(IllegalStateException.class);
        }
    }
}
