package io.jvortex.expr;

import static io.jvortex.expr.Expr.col;
import static io.jvortex.expr.Expr.lit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.dtype.DType;
import io.jvortex.scalar.Scalar;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@link ExprParser}'s tokenizer and grammar at their edges: number forms, keywords as names, and every error. */
class ExprParserEdgesTest {
    private static Expr right(String text) {
        return ((Expr.Compare) Expr.parse(text)).right();
    }

    @Test
    void numbersInEveryForm() {
        assertThat(right("x = .5")).isEqualTo(lit(new BigDecimal("0.5")));
        assertThat(right("x = 1.")).isEqualTo(new Expr.Literal(new Scalar(new DType.Decimal(1, 0, false),
                BigInteger.ONE)));
        assertThat(right("x = 1e+3")).isEqualTo(lit(1000.0));
        assertThat(right("x = 1E-3")).isEqualTo(lit(0.001));
        assertThat(right("x=-5")).isEqualTo(lit(-5));
        assertThat(right("x = -.5")).isEqualTo(lit(new BigDecimal("-0.5")));
        assertThat(right("x = 9223372036854775807")).isEqualTo(lit(Long.MAX_VALUE));
        assertThat(right("x = -9223372036854775808")).isEqualTo(lit(Long.MIN_VALUE));
        assertThat(right("x = 9223372036854775808")).isEqualTo(lit(new BigDecimal("9223372036854775808")));
        assertThat(right("x = 007")).isEqualTo(lit(7));
    }

    @Test
    void aDotAfterANameIsAPathNotANumber() {
        assertThat(Expr.parse("a.b = 1")).isEqualTo(Expr.colPath("a", "b").eq(lit(1)));
        assertThat(Expr.parse("\"a\".b = 1")).isEqualTo(Expr.colPath("a", "b").eq(lit(1)));
        assertThatThrownBy(() -> Expr.parse("a .5 = 1")).as("with a blank, .5 is a number")
                .isInstanceOf(ExprSyntaxException.class)
                .hasMessageContaining("unexpected '.5' after a complete expression");
        assertThatThrownBy(() -> Expr.parse("a.5 = 1")).isInstanceOf(ExprSyntaxException.class)
                .hasMessageContaining("expected a column name after '.', got '5'");
        assertThatThrownBy(() -> Expr.parse("\"a\".5 = 1")).isInstanceOf(ExprSyntaxException.class)
                .hasMessageContaining("expected a column name after '.', got '5'");
    }

    @Test
    void keywordsAreCaseInsensitiveAndTypeWordsCanBeColumns() {
        assertThat(Expr.parse("x is not null or NOT y iS nUlL")).isEqualTo(Expr.or(col("x").isNotNull(),
                Expr.not(col("y").isNull())));
        assertThat(Expr.parse("date = 1")).isEqualTo(col("date").eq(lit(1)));
        assertThat(Expr.parse("time < timestamp")).isEqualTo(col("time").lt(col("timestamp")));
        assertThat(Expr.parse("starts_with = 1")).isEqualTo(col("starts_with").eq(lit(1)));
        assertThat(Expr.parse("x = true AND y = False")).isEqualTo(Expr.and(col("x").eq(lit(true)),
                col("y").eq(lit(false))));
        assertThat(Expr.parse("  x\t=\n1  ")).isEqualTo(col("x").eq(lit(1)));
        assertThat(Expr.parse("t = TIMESTAMP '2020-01-02T03:04:05Z'")).isEqualTo(col("t").eq(lit(
                LocalDateTime.of(2020, 1, 2, 3, 4, 5))));
        assertThat(Expr.parse("t = timestamp ' 2020-01-02 '")).isEqualTo(col("t").eq(lit(
                LocalDateTime.of(2020, 1, 2, 0, 0))));
        assertThat(Expr.parse("x NOT IN (1)")).isEqualTo(Expr.not(col("x").in(lit(1))));
        assertThat(Expr.parse("((x = 1))")).isEqualTo(col("x").eq(lit(1)));
        assertThat(Expr.parse("x")).isEqualTo(col("x"));
        assertThat(Expr.parse("x >= 1 AND x > 1 AND x <= 1 AND x < 1 AND x = 1")).isEqualTo(Expr.and(
                col("x").ge(lit(1)), col("x").gt(lit(1)), col("x").le(lit(1)), col("x").lt(lit(1)),
                col("x").eq(lit(1))));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
            "x = 1a|5|unexpected 'a' in a number",
            "x = 1_|5|unexpected '_' in a number",
            "x = 1e+|5|exponent without digits",
            "x = - 5|4|expected a column, a literal or '(', got '-'",
            "x = )|4|expected a column, a literal or '(', got ')'",
            "x NOT|2|NOT here must be followed by IN, BETWEEN or LIKE",
            "x NOT NULL|2|NOT here must be followed by IN, BETWEEN or LIKE",
            "starts_with(x, y)|15|expected a quoted prefix, got 'y'",
            "starts_with(x 'a')|14|',' between the STARTS_WITH arguments",
            "starts_with(x, 'a'|18|')' to close STARTS_WITH",
            "t = TIME '25:00'|9|invalid TIME literal '25:00' (expected hh:mm[:ss[.fraction]])",
            "t = TIMESTAMP 'x'|14|invalid TIMESTAMP literal 'x' (expected yyyy-mm-dd[ hh:mm[:ss[.fraction]]])",
            "t = DATE '2020-02-30'|9|invalid DATE literal '2020-02-30' (expected yyyy-mm-dd)",
            "a IN (1, 2|10|expected ',' or ')' in the IN list, got the end of the expression",
            "a = 1 'x'|6|unexpected string 'x' after a complete expression",
            "a = 1 \"y\"|6|unexpected column \"y\" after a complete expression",
            "(a = 1|6|expected ')' to close the '(' at position 0",
            "a =|3|unexpected end of the expression; expected a column or a literal",
            "\"abc|0|unterminated quoted identifier",
            "a !|2|unexpected character '!'",
            "a < = 1|4|expected a column, a literal or '(', got '='",
            "a LIKE 'x' OR|13|unexpected end of the expression",
            "a IS NOT 1|9|expected NULL after IS, got '1'",
            "OR|0|expected a column or a literal, got keyword OR (quote a column of that name: \"OR\")",
            "a = NOT|4|got keyword NOT"})
    void errorsNameThePlaceAndTheProblem(String text, int position, String message) {
        assertThatThrownBy(() -> Expr.parse(text)).isInstanceOfSatisfying(ExprSyntaxException.class,
                e -> assertThat(e.position()).isEqualTo(position)).hasMessageContaining(message);
    }

    @Test
    void decimalsWiderThanSeventySixDigitsAreRefused() {
        String digits = "1." + "0".repeat(80);
        assertThatThrownBy(() -> Expr.parse("x = " + digits)).isInstanceOfSatisfying(ExprSyntaxException.class,
                e -> assertThat(e.position()).isEqualTo(4)).hasMessageContaining("has more than 76 digits");
        assertThatThrownBy(() -> Expr.parse(null)).isInstanceOf(NullPointerException.class);
    }
}
