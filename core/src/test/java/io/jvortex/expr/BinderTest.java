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

class BinderTest {
    private static final DType.Struct SCHEMA = new DType.Struct(
            List.of("qty", "price", "name", "day", "ts", "flag", "p", "big", "ratio"),
            List.of(new DType.Primitive(PType.I32, false), new DType.Decimal(12, 2, false), new DType.Utf8(true),
                    Extensions.date(TimeUnit.DAYS, false), Extensions.timestamp(TimeUnit.MICROSECONDS, "UTC", true),
                    new DType.Bool(true),
                    new DType.Struct(List.of("x"), List.of(new DType.Primitive(PType.F64, false)), true),
                    new DType.Primitive(PType.U64, false), new DType.Primitive(PType.F32, true)),
            false);

    private static Expr bound(String text) {
        return Expr.parse(text).bind(SCHEMA).expr();
    }

    private static Expr.Literal literal(DType t, Object v) {
        return new Expr.Literal(new Scalar(t, v));
    }

    @Test
    void decimalColumnAgainstIntegerLiteralIsScaled() {
        assertThat(bound("price > 45")).isEqualTo(new Expr.Compare(Expr.Op.GT, col("price"),
                literal(new DType.Decimal(12, 2, false), BigInteger.valueOf(4500))));
        assertThat(bound("price = 0.125")).isEqualTo(Binder.never(col("price")));
        assertThat(bound("price <= 0.125")).isEqualTo(new Expr.Compare(Expr.Op.LE, col("price"),
                literal(new DType.Decimal(12, 2, false), BigInteger.valueOf(12))));
    }

    @Test
    void wideLiteralsOfANegativeScaleKeepIt() {
        // 76 nines × 10^2: 78 digits at scale 0, so the literal keeps scale -2 (a decimal(76, -2) column's max)
        BigInteger nines = BigInteger.TEN.pow(76).subtract(BigInteger.ONE);
        Expr.Literal wide = lit(new java.math.BigDecimal(nines.negate(), -2));
        assertThat(wide.value().dtype()).isEqualTo(new DType.Decimal(76, -2, false));
        DType.Struct schema = new DType.Struct(List.of("d"), List.of(new DType.Decimal(76, -2, true)), false);
        assertThat(new Expr.Compare(Expr.Op.LE, col("d"), wide).bind(schema).expr()).isEqualTo(new Expr.Compare(
                Expr.Op.LE, col("d"), literal(new DType.Decimal(76, -2, false), nines.negate())));
        // a narrower one still becomes scale 0, as before
        assertThat(lit(new java.math.BigDecimal(BigInteger.valueOf(12), -2)).value().dtype())
                .isEqualTo(new DType.Decimal(4, 0, false));
    }

    @Test
    void fractionalLiteralsAgainstIntegersMoveToTheRightNeighbour() {
        DType i32 = new DType.Primitive(PType.I32, false);
        assertThat(bound("qty > 4.5")).isEqualTo(new Expr.Compare(Expr.Op.GT, col("qty"), literal(i32, 4L)));
        assertThat(bound("qty >= 4.5")).isEqualTo(new Expr.Compare(Expr.Op.GE, col("qty"), literal(i32, 5L)));
        assertThat(bound("qty < -4.5")).isEqualTo(new Expr.Compare(Expr.Op.LT, col("qty"), literal(i32, -4L)));
        assertThat(bound("4.5 < qty")).isEqualTo(new Expr.Compare(Expr.Op.GT, col("qty"), literal(i32, 4L)));
        assertThat(bound("qty = 4.5")).isEqualTo(Binder.never(col("qty")));
        assertThat(bound("qty != 4.5")).isEqualTo(Binder.always(col("qty")));
        assertThat(bound("qty < 1e20")).isEqualTo(Binder.always(col("qty")));
        assertThat(bound("qty > 3000000000")).isEqualTo(Binder.never(col("qty")));
        assertThat(bound("qty IN (1, 2.5, NULL)")).isEqualTo(new Expr.In(col("qty"),
                List.of(literal(i32, 1L), new Expr.Literal(Scalar.nullOf(i32.withNullable(true))))));
        assertThat(bound("big > 18446744073709551614")).isEqualTo(new Expr.Compare(Expr.Op.GT, col("big"),
                literal(new DType.Primitive(PType.U64, false), -2L)));
        assertThat(bound("big < 0")).isEqualTo(Binder.never(col("big")));
    }

    @Test
    void floatColumnsTakeTheLiteralAtTheirOwnWidth() {
        assertThat(bound("ratio = 0.1")).isEqualTo(new Expr.Compare(Expr.Op.EQ, col("ratio"),
                literal(new DType.Primitive(PType.F32, false), 0.1f)));
        assertThat(bound("p.x > 1")).isEqualTo(new Expr.Compare(Expr.Op.GT, Expr.colPath("p", "x"),
                literal(new DType.Primitive(PType.F64, false), 1.0)));
    }

    @Test
    void temporalLiteralsAreConvertedToTheColumnsUnit() {
        DType.Extension ts = Extensions.timestamp(TimeUnit.MICROSECONDS, "UTC", false);
        assertThat(bound("ts >= DATE '1970-01-02'"))
                .isEqualTo(new Expr.Compare(Expr.Op.GE, col("ts"), literal(ts, 86_400_000_000L)));
        assertThat(bound("ts > TIMESTAMP '1970-01-01 00:00:00.0000015'"))
                .isEqualTo(new Expr.Compare(Expr.Op.GT, col("ts"), literal(ts, 1L)));
        assertThat(bound("day BETWEEN DATE '1970-01-02' AND DATE '1970-01-31'")).isEqualTo(new Expr.And(
                new Expr.Compare(Expr.Op.GE, col("day"), literal(Extensions.date(TimeUnit.DAYS, false), 1L)),
                new Expr.Compare(Expr.Op.LE, col("day"), literal(Extensions.date(TimeUnit.DAYS, false), 30L))));
    }

    @Test
    void stringVersusDateFailsAndSaysWhy() {
        assertThatThrownBy(() -> bound("name = DATE '1995-01-01'"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("column 'name' of type utf8?")
                .hasMessageContaining("DATE '1995-01-01'")
                .hasMessageContaining("a string is not comparable with a date");
        assertThatThrownBy(() -> bound("day < '1995-01-01'"))
                .hasMessageContaining("a date is not comparable with a string")
                .hasMessageContaining("DATE 'yyyy-mm-dd'");
        assertThatThrownBy(() -> bound("qty = 'x'")).hasMessageContaining("a number is not comparable with a string");
        assertThatThrownBy(() -> bound("flag = 1")).hasMessageContaining("a boolean is not comparable with a number");
    }

    @Test
    void otherMisuseIsNamed() {
        assertThatThrownBy(() -> bound("nope = 1")).hasMessageContaining("no column 'nope'")
                .hasMessageContaining("qty");
        assertThatThrownBy(() -> bound("p.nope = 1")).hasMessageContaining("no field 'nope'");
        assertThatThrownBy(() -> bound("qty.x = 1")).hasMessageContaining("not a struct");
        assertThatThrownBy(() -> bound("qty")).hasMessageContaining("not a boolean");
        assertThatThrownBy(() -> bound("qty = price")).hasMessageContaining("cannot compare column 'qty' (i32)")
                .hasMessageContaining("column 'price' (decimal");
        assertThatThrownBy(() -> bound("qty < big")).hasMessageContaining("cannot compare column 'qty'");
        assertThatThrownBy(() -> bound("day < ts")).hasMessageContaining("cannot compare column 'day'");
        assertThat(bound("ratio < p.x")).isEqualTo(new Expr.Compare(Expr.Op.LT, Expr.col("ratio"), Expr.col("p.x")));
        assertThat(bound("day >= day")).isEqualTo(new Expr.Compare(Expr.Op.GE, Expr.col("day"), Expr.col("day")));
        assertThatThrownBy(() -> bound("1 = 2")).hasMessageContaining("needs a column");
        assertThatThrownBy(() -> bound("qty LIKE 'a%'")).hasMessageContaining("LIKE needs a string column");
        assertThatThrownBy(() -> bound("p > 1")).hasMessageContaining("without ordering");
    }

    @Test
    void columnsAreCollectedWithInheritedNullability() {
        BoundPredicate b = Expr.parse("p.x > 1 AND flag AND p.x < 5 AND name IS NULL").bind(SCHEMA);
        assertThat(b.columns()).containsExactly(
                new BoundPredicate.BoundColumn(Expr.colPath("p", "x"), new DType.Primitive(PType.F64, true)),
                new BoundPredicate.BoundColumn(col("flag"), new DType.Bool(true)),
                new BoundPredicate.BoundColumn(col("name"), new DType.Utf8(true)));
        assertThat(bound("name = NULL")).isEqualTo(Binder.NULL_BOOL);
        assertThat(bound("NULL IS NULL")).isEqualTo(lit(true));
    }
}
