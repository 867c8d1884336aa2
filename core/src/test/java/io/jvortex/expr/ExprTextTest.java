package io.jvortex.expr;

import static io.jvortex.expr.Expr.col;
import static io.jvortex.expr.Expr.lit;
import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.PType;
import io.jvortex.dtype.TimeUnit;
import io.jvortex.scalar.Scalar;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link ExprText}: the exact text of every node and literal kind, which parses back to the same expression. */
class ExprTextTest {
    private static String text(Scalar s) {
        return ExprText.literal(s);
    }

    @Test
    void literalsOfEveryTypeAreWrittenExactly() {
        assertThat(text(Scalar.nullOf(new DType.Primitive(PType.I32, true)))).isEqualTo("NULL");
        assertThat(text(new Scalar(new DType.Bool(false), true))).isEqualTo("TRUE");
        assertThat(text(new Scalar(new DType.Bool(false), false))).isEqualTo("FALSE");
        assertThat(text(new Scalar(new DType.Primitive(PType.U64, false), -1L))).isEqualTo("18446744073709551615");
        assertThat(text(new Scalar(new DType.Primitive(PType.I64, false), -7L))).isEqualTo("-7");
        assertThat(text(new Scalar(new DType.Primitive(PType.U8, false), 200L))).isEqualTo("200");
        assertThat(text(new Scalar(new DType.Primitive(PType.F64, false), 0.25))).isEqualTo("0.25e0");
        assertThat(text(new Scalar(new DType.Primitive(PType.F32, false), 1.5f))).isEqualTo("1.5e0");
        assertThat(text(new Scalar(new DType.Decimal(5, 3, false), BigInteger.valueOf(-12345)))).isEqualTo("-12.345");
        assertThat(text(new Scalar(new DType.Decimal(3, -2, false), BigInteger.valueOf(5)))).isEqualTo("500.");
        assertThat(text(lit("it's").value())).isEqualTo("'it''s'");
        assertThat(text(lit(new byte[] {0, (byte) 0xAB}).value())).isEqualTo("X'00ab'");
    }

    @Test
    void temporalLiteralsAreWrittenInTheirOwnUnits() {
        assertThat(text(new Scalar(Extensions.date(TimeUnit.DAYS, false), -1L))).isEqualTo("DATE '1969-12-31'");
        assertThat(text(new Scalar(Extensions.date(TimeUnit.MILLISECONDS, false), -1L)))
                .isEqualTo("DATE '1969-12-31'");
        assertThat(text(new Scalar(Extensions.date(TimeUnit.MILLISECONDS, false), 86_400_000L)))
                .isEqualTo("DATE '1970-01-02'");
        assertThat(text(new Scalar(Extensions.time(TimeUnit.SECONDS, false), 3_723L))).isEqualTo("TIME '01:02:03'");
        assertThat(text(new Scalar(Extensions.time(TimeUnit.MICROSECONDS, false), 1_500_000L)))
                .isEqualTo("TIME '00:00:01.500'");
        assertThat(text(new Scalar(Extensions.timestamp(TimeUnit.SECONDS, null, false), -1L)))
                .isEqualTo("TIMESTAMP '1969-12-31T23:59:59'");
        assertThat(text(new Scalar(Extensions.timestamp(TimeUnit.MILLISECONDS, "UTC", false), -1L)))
                .isEqualTo("TIMESTAMP '1969-12-31T23:59:59.999'");
        assertThat(text(new Scalar(Extensions.timestamp(TimeUnit.NANOSECONDS, null, false), 1_000_000_001L)))
                .isEqualTo("TIMESTAMP '1970-01-01T00:00:01.000000001'");
        DType.Extension uuid = new DType.Extension(Extensions.UUID, new DType.FixedSizeList(
                new DType.Primitive(PType.U8, false), 16, false), null);
        DType.Extension other = new DType.Extension("my.ext", new DType.Primitive(PType.I32, false), null);
        assertThat(text(new Scalar(other, 5L))).isEqualTo("5");
        assertThat(ExprText.literal(Scalar.nullOf(uuid.withNullable(true)))).isEqualTo("NULL");
    }

    @Test
    void namesAreQuotedWhenTheyAreKeywordsOrNotIdentifiers() {
        for (String keyword : List.of("and", "OR", "Not", "in", "is", "null", "true", "false", "between", "like",
                "date", "time", "timestamp", "starts_with")) {
            assertThat(Expr.colPath(keyword).sql()).isEqualTo("\"" + keyword + "\"");
        }
        assertThat(Expr.colPath("a_1", "B").sql()).isEqualTo("a_1.B");
        assertThat(Expr.colPath("_x").sql()).isEqualTo("_x");
        assertThat(Expr.colPath("1a").sql()).isEqualTo("\"1a\"");
        assertThat(Expr.colPath("a b").sql()).isEqualTo("\"a b\"");
        assertThat(Expr.colPath("say \"hi\"").sql()).isEqualTo("\"say \"\"hi\"\"\"");
        assertThat(Expr.colPath("andy").sql()).isEqualTo("andy");
    }

    @Test
    void everyNodeIsFullyParenthesised() {
        Expr e = Expr.parse("NOT a IN (1, 2) OR b BETWEEN 1 AND 2 AND c LIKE 'x''%' AND d IS NULL "
                + "AND e IS NOT NULL AND starts_with(f, 'p''q') AND g <> 1");
        assertThat(e.sql()).isEqualTo("((NOT (a IN (1, 2))) OR ((((((b BETWEEN 1 AND 2) AND (c LIKE 'x''%')) AND"
                + " (d IS NULL)) AND (e IS NOT NULL)) AND STARTS_WITH(f, 'p''q')) AND (g != 1)))");
        assertThat(Expr.parse(e.sql())).isEqualTo(e);
        assertThat(col("x").le(lit(1)).sql()).isEqualTo("(x <= 1)");
    }
}
