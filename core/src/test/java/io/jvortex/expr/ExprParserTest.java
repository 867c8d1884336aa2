package io.jvortex.expr;

import static io.jvortex.expr.Expr.and;
import static io.jvortex.expr.Expr.col;
import static io.jvortex.expr.Expr.lit;
import static io.jvortex.expr.Expr.not;
import static io.jvortex.expr.Expr.nullLit;
import static io.jvortex.expr.Expr.or;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.scalar.Scalar;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ExprParserTest {

    @Test
    void parsesTheIssueExample() {
        Expr e = Expr.parse("l_quantity > 45 AND l_shipmode IN ('AIR', 'MAIL') AND l_shipdate BETWEEN "
                + "DATE '1995-01-01' AND DATE '1995-01-31'");
        assertThat(e).isEqualTo(and(col("l_quantity").gt(lit(45)), col("l_shipmode").in(lit("AIR"), lit("MAIL")),
                col("l_shipdate").between(lit(LocalDate.of(1995, 1, 1)), lit(LocalDate.of(1995, 1, 31)))));
    }

    @Test
    void precedenceIsNotThenAndThenOr() {
        assertThat(Expr.parse("a = 1 OR b = 2 AND c = 3"))
                .isEqualTo(or(col("a").eq(lit(1)), and(col("b").eq(lit(2)), col("c").eq(lit(3)))));
        assertThat(Expr.parse("NOT a = 1 AND b")).isEqualTo(and(not(col("a").eq(lit(1))), col("b")));
        assertThat(Expr.parse("(a = 1 OR b = 2) AND c = 3"))
                .isEqualTo(and(or(col("a").eq(lit(1)), col("b").eq(lit(2))), col("c").eq(lit(3))));
        assertThat(Expr.parse("a IS NOT NULL AND b IS NULL"))
                .isEqualTo(and(col("a").isNotNull(), col("b").isNull()));
    }

    @Test
    void literalsOfEveryKind() {
        assertThat(Expr.parse("x = 'it''s'")).isEqualTo(col("x").eq(lit("it's")));
        assertThat(Expr.parse("x = -5")).isEqualTo(col("x").eq(lit(-5)));
        assertThat(Expr.parse("x = 1.50")).isEqualTo(col("x").eq(new Expr.Literal(
                new Scalar(new DType.Decimal(3, 2, false), BigInteger.valueOf(150)))));
        assertThat(Expr.parse("x = -2.5e-1")).isEqualTo(col("x").eq(lit(-0.25)));
        assertThat(Expr.parse("x = 1E3")).isEqualTo(col("x").eq(lit(1000.0)));
        assertThat(Expr.parse("x = 123456789012345678901234"))
                .isEqualTo(col("x").eq(lit(new BigDecimal("123456789012345678901234"))));
        assertThat(Expr.parse("x = TRUE OR x = false OR x = NULL"))
                .isEqualTo(or(col("x").eq(lit(true)), col("x").eq(lit(false)), col("x").eq(nullLit())));
        assertThat(Expr.parse("t < TIMESTAMP '2020-02-03 04:05:06.5'"))
                .isEqualTo(col("t").lt(lit(LocalDateTime.of(2020, 2, 3, 4, 5, 6, 500_000_000))));
        assertThat(Expr.parse("t < TIMESTAMP '2020-02-03'"))
                .isEqualTo(col("t").lt(lit(LocalDateTime.of(2020, 2, 3, 0, 0))));
        Expr.Literal time = (Expr.Literal) ((Expr.Compare) Expr.parse("t = TIME '01:02:03'")).right();
        assertThat(time.value().value()).isEqualTo(3_723_000_000_000L);
        assertThat(lit(7).value().dtype()).isEqualTo(new DType.Primitive(PType.I64, false));
    }

    @Test
    void identifiersQuotedAndNested() {
        assertThat(Expr.parse("\"a.b\" = 1")).isEqualTo(Expr.colPath("a.b").eq(lit(1)));
        assertThat(Expr.parse("point.x > 1")).isEqualTo(Expr.colPath("point", "x").gt(lit(1)));
        assertThat(Expr.parse("p.\"odd \"\"name\"\"\".z IS NULL"))
                .isEqualTo(Expr.colPath("p", "odd \"name\"", "z").isNull());
        assertThat(Expr.parse("\"AND\" = 1")).isEqualTo(Expr.colPath("AND").eq(lit(1)));
    }

    @Test
    void negatedForms() {
        assertThat(Expr.parse("x NOT IN (1, 2)")).isEqualTo(not(col("x").in(lit(1), lit(2))));
        assertThat(Expr.parse("x NOT LIKE 'a%'")).isEqualTo(not(col("x").like("a%")));
        assertThat(Expr.parse("x NOT BETWEEN 1 AND 2")).isEqualTo(not(col("x").between(lit(1), lit(2))));
        assertThat(Expr.parse("x <> 1 AND x != 2 AND x == 3")).isEqualTo(
                and(col("x").ne(lit(1)), col("x").ne(lit(2)), col("x").eq(lit(3))));
        assertThat(Expr.parse("starts_with(name, 'ab')")).isEqualTo(col("name").startsWith("ab"));
    }

    @Test
    void renderedTextParsesBackToTheSameExpression() {
        List<String> texts = List.of(
                "l_quantity > 45 AND l_shipmode IN ('AIR', 'MAIL', NULL)",
                "NOT (a.b <= -3.25 OR c LIKE 'x\\_%') AND d IS NOT NULL",
                "\"weird name\" BETWEEN 1 AND 2.5 OR e = 'O''Hara'",
                "t >= TIMESTAMP '1999-12-31 23:59:59.123456789' AND u < DATE '0001-01-01' AND v = TIME '12:00:00'",
                "f = 1.5E300 OR g = TRUE OR starts_with(h, 'pre') OR h IS NULL",
                "f = 5e-1 OR f < -1e999 OR f > 1e999 OR f = 4.9e-324 OR f = -0e0 OR f = 100e0",
                "q > 4. OR q < -12. OR q = 99999999999999999999 OR q = 0.50");
        for (String text : texts) {
            Expr e = Expr.parse(text);
            assertThat(Expr.parse(e.sql())).as(text + " → " + e.sql()).isEqualTo(e);
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', commentCharacter = '~', value = {
            "a >|3|end of the expression",
            "a = 'x|4|unterminated string",
            "(a = 1|6|')'",
            "a IN 1|5|'(' after IN",
            "a = 1 b|6|after a complete expression",
            "a # 1|2|unexpected character '#'",
            "d = DATE '1995-13-01'|9|invalid DATE literal",
            "a IS 5|5|NULL after IS",
            "AND = 1|0|keyword AND",
            "a LIKE b|7|quoted pattern",
            "a NOT 1|2|NOT here must be followed by IN, BETWEEN or LIKE",
            "a BETWEEN 1 OR 2|12|AND between the BETWEEN bounds",
            "x = 1e|5|exponent without digits",
            "\"\" = 1|0|empty quoted identifier",
            "a.|2|column name after '.'",
            "|0|end of the expression"})
    void errorsSayWhereAndWhat(String text, int position, String message) {
        String input = text == null ? "" : text;
        assertThatThrownBy(() -> Expr.parse(input))
                .isInstanceOfSatisfying(ExprSyntaxException.class, e -> assertThat(e.position()).isEqualTo(position))
                .hasMessageContaining(message)
                .hasMessageContaining("at position " + position);
    }
}
