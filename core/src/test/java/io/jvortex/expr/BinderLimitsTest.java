package io.jvortex.expr;

import static io.jvortex.expr.Expr.col;
import static io.jvortex.expr.Expr.lit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.PType;
import io.jvortex.dtype.TimeUnit;
import io.jvortex.scalar.Scalar;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link Binder} at the edges of each column type's domain: comparisons that become constant exactly
 * past the smallest and largest value, NaN and infinities, unsigned and half-precision columns,
 * temporal units, IN lists, and the messages of misuse.
 */
class BinderLimitsTest {
    private static final DType I8 = new DType.Primitive(PType.I8, false);
    private static final DType U8 = new DType.Primitive(PType.U8, false);
    private static final DType U64 = new DType.Primitive(PType.U64, false);
    private static final DType F16 = new DType.Primitive(PType.F16, false);
    private static final DType F64 = new DType.Primitive(PType.F64, false);
    private static final DType.Extension DATE_MS = Extensions.date(TimeUnit.MILLISECONDS, false);
    private static final DType.Extension TIME_US = Extensions.time(TimeUnit.MICROSECONDS, false);
    private static final DType.Extension TS_S = Extensions.timestamp(TimeUnit.SECONDS, null, false);
    private static final DType UUID = new DType.Extension(Extensions.UUID, new DType.FixedSizeList(U8, 16, false),
            null);
    private static final DType.Struct SCHEMA = new DType.Struct(
            List.of("b", "u", "big", "h", "d", "dms", "tus", "ts", "bin", "s", "id", "dec", "flag"),
            List.of(I8, U8, U64, F16, F64, DATE_MS, TIME_US, TS_S, new DType.Binary(false), new DType.Utf8(false), UUID,
                    new DType.Decimal(3, 1, false), new DType.Bool(false)),
            false);

    private static Expr bound(String text) {
        return Expr.parse(text).bind(SCHEMA).expr();
    }

    private static Expr bound(Expr e) {
        return e.bind(SCHEMA).expr();
    }

    private static Expr cmp(Expr.Op op, String column, DType t, Object v) {
        return new Expr.Compare(op, col(column), new Expr.Literal(new Scalar(t, v)));
    }

    private static Expr always(String column) {
        return Binder.always(col(column));
    }

    private static Expr never(String column) {
        return Binder.never(col(column));
    }

    @Test
    void signedBoundsTurnComparisonsConstantExactlyPastTheDomain() {
        assertThat(bound("b > 127")).isEqualTo(never("b"));
        assertThat(bound("b > 126")).isEqualTo(cmp(Expr.Op.GT, "b", I8, 126L));
        assertThat(bound("b > -129")).isEqualTo(always("b"));
        assertThat(bound("b > -128")).isEqualTo(cmp(Expr.Op.GT, "b", I8, -128L));
        assertThat(bound("b <= 127")).isEqualTo(always("b"));
        assertThat(bound("b <= 126")).isEqualTo(cmp(Expr.Op.LE, "b", I8, 126L));
        assertThat(bound("b <= -129")).isEqualTo(never("b"));
        assertThat(bound("b <= -128")).isEqualTo(cmp(Expr.Op.LE, "b", I8, -128L));
        assertThat(bound("b >= -128")).isEqualTo(always("b"));
        assertThat(bound("b >= -127")).isEqualTo(cmp(Expr.Op.GE, "b", I8, -127L));
        assertThat(bound("b >= 128")).isEqualTo(never("b"));
        assertThat(bound("b >= 127")).isEqualTo(cmp(Expr.Op.GE, "b", I8, 127L));
        assertThat(bound("b < -128")).isEqualTo(never("b"));
        assertThat(bound("b < -127")).isEqualTo(cmp(Expr.Op.LT, "b", I8, -127L));
        assertThat(bound("b < 128")).isEqualTo(always("b"));
        assertThat(bound("b < 127")).isEqualTo(cmp(Expr.Op.LT, "b", I8, 127L));
        assertThat(bound("b = 127")).isEqualTo(cmp(Expr.Op.EQ, "b", I8, 127L));
        assertThat(bound("b = -128")).isEqualTo(cmp(Expr.Op.EQ, "b", I8, -128L));
        assertThat(bound("b = 128")).isEqualTo(never("b"));
        assertThat(bound("b = -129")).isEqualTo(never("b"));
        assertThat(bound("b != -129")).isEqualTo(always("b"));
        assertThat(bound("b != 127")).isEqualTo(cmp(Expr.Op.NE, "b", I8, 127L));
    }

    @Test
    void unsignedDomainsStartAtZeroAndReachTwoToTheWidth() {
        assertThat(bound("u >= 0")).isEqualTo(always("u"));
        assertThat(bound("u < 0")).isEqualTo(never("u"));
        assertThat(bound("u <= 255")).isEqualTo(always("u"));
        assertThat(bound("u > 254")).isEqualTo(cmp(Expr.Op.GT, "u", U8, 254L));
        assertThat(bound("u > 255")).isEqualTo(never("u"));
        assertThat(bound("big = 18446744073709551615")).isEqualTo(cmp(Expr.Op.EQ, "big", U64, -1L));
        assertThat(bound("big = 18446744073709551616")).isEqualTo(never("big"));
        assertThat(bound("big > -1")).isEqualTo(always("big"));
        // an u64 literal is read unsigned
        Expr.Literal huge = new Expr.Literal(new Scalar(U64, -2L));
        assertThat(bound(new Expr.Compare(Expr.Op.EQ, col("big"), huge))).isEqualTo(cmp(Expr.Op.EQ, "big", U64, -2L));
        assertThat(bound(new Expr.Compare(Expr.Op.EQ, col("b"), huge))).isEqualTo(never("b"));
        assertThat(bound(new Expr.Compare(Expr.Op.GT, col("d"), huge)))
                .isEqualTo(cmp(Expr.Op.GT, "d", F64, 1.8446744073709552E19));
    }

    @Test
    void nanAndInfinitiesSortAboveAndBelowEveryInteger() {
        assertThat(bound(col("b").lt(lit(Double.NaN)))).isEqualTo(always("b"));
        assertThat(bound(col("b").ge(lit(Double.NaN)))).isEqualTo(never("b"));
        assertThat(bound(col("b").lt(lit(Double.POSITIVE_INFINITY)))).isEqualTo(always("b"));
        assertThat(bound(col("b").gt(lit(Double.NEGATIVE_INFINITY)))).isEqualTo(always("b"));
        assertThat(bound(col("b").le(lit(Double.NEGATIVE_INFINITY)))).isEqualTo(never("b"));
        assertThat(bound(col("b").eq(lit(-0.0)))).isEqualTo(cmp(Expr.Op.EQ, "b", I8, 0L));
        assertThat(bound(col("b").le(lit(2.75)))).isEqualTo(cmp(Expr.Op.LE, "b", I8, 2L));
    }

    @Test
    void floatColumnsConvertEveryLiteralKind() {
        assertThat(bound("h = 1.5")).isEqualTo(cmp(Expr.Op.EQ, "h", F16, Float.floatToFloat16(1.5f)));
        assertThat(bound("h < 3")).isEqualTo(cmp(Expr.Op.LT, "h", F16, Float.floatToFloat16(3f)));
        assertThat(bound("d >= 2.5e0")).isEqualTo(cmp(Expr.Op.GE, "d", F64, 2.5));
        assertThat(bound("d = -7")).isEqualTo(cmp(Expr.Op.EQ, "d", F64, -7.0));
        assertThat(bound("d = 0.1")).isEqualTo(cmp(Expr.Op.EQ, "d", F64, 0.1));
    }

    @Test
    void decimalColumnsScaleAndBoundTheLiteral() {
        DType dec = new DType.Decimal(3, 1, false);
        assertThat(bound("dec = 99.9")).isEqualTo(cmp(Expr.Op.EQ, "dec", dec, BigInteger.valueOf(999)));
        assertThat(bound("dec = 100")).isEqualTo(never("dec"));
        assertThat(bound("dec >= -99.9")).isEqualTo(always("dec"));
        assertThat(bound("dec < 100")).isEqualTo(always("dec"));
        assertThat(bound("dec > 1.25")).isEqualTo(cmp(Expr.Op.GT, "dec", dec, BigInteger.valueOf(12)));
        assertThat(bound("dec > 1e1")).isEqualTo(cmp(Expr.Op.GT, "dec", dec, BigInteger.valueOf(100)));
    }

    @Test
    void temporalLiteralsMoveToTheColumnsUnit() {
        assertThat(bound("dms = DATE '1970-01-02'")).isEqualTo(cmp(Expr.Op.EQ, "dms", DATE_MS, 86_400_000L));
        assertThat(bound("tus > TIME '00:00:01.0000005'")).isEqualTo(cmp(Expr.Op.GT, "tus", TIME_US, 1_000_000L));
        assertThat(bound("tus >= TIME '00:00:01.0000005'")).isEqualTo(cmp(Expr.Op.GE, "tus", TIME_US, 1_000_001L));
        assertThat(bound("ts = TIMESTAMP '1970-01-01 00:01:00'")).isEqualTo(cmp(Expr.Op.EQ, "ts", TS_S, 60L));
        assertThat(bound("ts = TIMESTAMP '1970-01-01 00:01:00.5'")).isEqualTo(never("ts"));
        assertThat(bound("ts < DATE '1970-01-03'")).isEqualTo(cmp(Expr.Op.LT, "ts", TS_S, 172_800L));
        Expr.Literal dateMs = new Expr.Literal(new Scalar(DATE_MS, 86_400_000L));
        assertThat(bound(new Expr.Compare(Expr.Op.EQ, col("ts"), dateMs))).isEqualTo(cmp(Expr.Op.EQ, "ts", TS_S,
                86_400L));
    }

    @Test
    void inListsDropImpossibleItemsAndKeepNull() {
        assertThat(bound("b IN (1000, 2.5)")).isEqualTo(never("b"));
        assertThat(bound("b IN (1000, 3)")).isEqualTo(cmp(Expr.Op.EQ, "b", I8, 3L));
        assertThat(bound("b IN (NULL)")).isEqualTo(Binder.NULL_BOOL);
        assertThat(bound("b IN (3, NULL)")).isEqualTo(new Expr.In(col("b"), List.of(
                new Expr.Literal(new Scalar(I8, 3L)), new Expr.Literal(Scalar.nullOf(I8.withNullable(true))))));
        assertThat(bound("b IN (3, 4)")).isEqualTo(new Expr.In(col("b"), List.of(
                new Expr.Literal(new Scalar(I8, 3L)), new Expr.Literal(new Scalar(I8, 4L)))));
        assertThatThrownBy(() -> bound("b IN (u, 1)")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("IN lists hold literals only, got u");
        assertThatThrownBy(() -> bound("1 IN (1, 2)")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("IN needs a column on its left, got 1");
        assertThatThrownBy(() -> bound("b IN ('x')")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("a number is not comparable with a string");
    }

    @Test
    void nullTestsAndConstantConditions() {
        assertThat(bound("(b = 1) IS NULL")).isEqualTo(new Expr.IsNull(cmp(Expr.Op.EQ, "b", I8, 1L)));
        assertThat(bound("(b = 1) IS NOT NULL")).isEqualTo(new Expr.IsNotNull(cmp(Expr.Op.EQ, "b", I8, 1L)));
        assertThat(bound("1 IS NOT NULL")).isEqualTo(lit(true));
        assertThat(bound("NULL IS NOT NULL")).isEqualTo(lit(false));
        assertThat(bound("b IS NOT NULL")).isEqualTo(new Expr.IsNotNull(col("b")));
        assertThat(bound("TRUE")).isEqualTo(lit(true));
        assertThat(bound("NULL")).isEqualTo(Binder.NULL_BOOL);
        assertThat(bound("flag OR NOT flag")).isEqualTo(new Expr.Or(col("flag"), new Expr.Not(col("flag"))));
        assertThatThrownBy(() -> bound("5")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("literal 5 is not a boolean, so it cannot be a condition by itself");
        assertThatThrownBy(() -> bound("b")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("column 'b' is i8, not a boolean, so it cannot be a condition by itself; compare it with"
                        + " a value");
        assertThatThrownBy(() -> bound("nope IS NULL")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no column 'nope'");
    }

    @Test
    void stringPredicatesNeedAStringColumn() {
        assertThat(bound("starts_with(bin, 'ab')")).isEqualTo(new Expr.StartsWith(col("bin"), "ab"));
        assertThat(bound("s LIKE 'a%'")).isEqualTo(new Expr.Like(col("s"), "a%"));
        assertThat(bound("bin = 'ab'")).isEqualTo(new Expr.Compare(Expr.Op.EQ, col("bin"),
                new Expr.Literal(new Scalar(new DType.Binary(false), "ab".getBytes(java.nio.charset.StandardCharsets
                        .UTF_8)))));
        assertThatThrownBy(() -> bound("bin LIKE 'a%'")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("LIKE needs a string column, but 'bin' is binary");
        assertThatThrownBy(() -> bound("starts_with(b, 'a')")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("STARTS_WITH needs a string column, but 'b' is i8");
        assertThatThrownBy(() -> bound(new Expr.Like(lit("x"), "x"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("LIKE needs a column on its left, got 'x'");
    }

    @Test
    void mismatchedLiteralsGetAHintForTheColumnsFamily() {
        assertThatThrownBy(() -> bound("ts = TIME '01:00'")).hasMessageEndingWith(
                "a timestamp is not comparable with a time of day; write the literal as TIMESTAMP 'yyyy-mm-dd hh:mm:ss'");
        assertThatThrownBy(() -> bound("tus = DATE '2000-01-01'")).hasMessageEndingWith(
                "a time of day is not comparable with a date; write the literal as TIME 'hh:mm:ss'");
        assertThatThrownBy(() -> bound("b = TRUE")).hasMessageEndingWith(
                "a number is not comparable with a boolean; compare it with a number");
        assertThatThrownBy(() -> bound("flag = 'x'")).hasMessageEndingWith(
                "a boolean is not comparable with a string; compare it with TRUE or FALSE");
        assertThatThrownBy(() -> bound("s = 1")).hasMessageEndingWith(
                "a string is not comparable with a number; compare it with a quoted string");
        assertThatThrownBy(() -> bound("bin = 1")).hasMessageEndingWith(
                "binary data is not comparable with a number");
        assertThatThrownBy(() -> bound("id = 1")).hasMessage("cannot compare column 'id' of type vortex.uuid() with 1"
                + " of type i64: a value of a type without ordering is not comparable with a number");
        Expr.Literal typedNull = new Expr.Literal(Scalar.nullOf(new DType.Primitive(PType.I32, true)));
        assertThatThrownBy(() -> bound(new Expr.Compare(Expr.Op.EQ, col("s"), typedNull)))
                .hasMessageContaining("a string is not comparable with a number");
        assertThat(bound(new Expr.Compare(Expr.Op.EQ, col("b"), typedNull))).isEqualTo(Binder.NULL_BOOL);
        assertThatThrownBy(() -> bound("b = (u = 1)")).hasMessageContaining("comparing a column with an expression");
        assertThatThrownBy(() -> bound("b.x = 1")).hasMessage("column 'b.x': 'b' is i8, not a struct with a field 'x'");
        assertThatThrownBy(() -> bound("zz = 1")).hasMessage("no column 'zz'; the columns are " + SCHEMA.names());
    }
}
