package io.jvortex.spark;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.spark.sql.connector.expressions.Cast;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.LiteralValue;
import org.apache.spark.sql.connector.expressions.filter.And;
import org.apache.spark.sql.connector.expressions.filter.Or;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.Test;

/** The canonical form scans compare their pushed predicates in: operand order ignored, nothing else. */
class PredicatesCanonicalTest {
    private static Predicate p(String name, Expression... children) {
        return new Predicate(name, children);
    }

    private static Expression col(String name) {
        return Expressions.column(name);
    }

    private static Expression lit(Object value) {
        return Expressions.literal(value);
    }

    private static boolean same(Predicate[] a, Predicate[] b) {
        return Predicates.canonical(a).equals(Predicates.canonical(b));
    }

    @Test
    void operandOrderOfSymmetricOperatorsIsIgnored() {
        Predicate x = p("=", col("n"), lit("FRANCE"));
        Predicate y = p("=", col("n"), lit("GERMANY"));
        Predicate z = p(">", col("k"), lit(3));
        assertThat(same(new Predicate[] {new Or(x, y)}, new Predicate[] {new Or(y, x)})).isTrue();
        assertThat(same(new Predicate[] {new And(x, new And(y, z))}, new Predicate[] {new And(new And(z, x), y)}))
                .isTrue();
        assertThat(same(new Predicate[] {x, z}, new Predicate[] {z, x, z})).isTrue();
        assertThat(same(new Predicate[] {p("=", col("n"), lit("A"))}, new Predicate[] {p("=", lit("A"), col("n"))}))
                .isTrue();
        assertThat(same(new Predicate[] {p("IN", col("k"), lit(1), lit(2), lit(3))},
                new Predicate[] {p("IN", col("k"), lit(3), lit(1), lit(2))})).isTrue();
    }

    @Test
    void anythingThatChangesTheRowsKeepsThemApart() {
        Predicate x = p("=", col("n"), lit("FRANCE"));
        Predicate y = p("=", col("n"), lit("GERMANY"));
        assertThat(same(new Predicate[] {new Or(x, y)}, new Predicate[] {new And(x, y)})).isFalse();
        assertThat(same(new Predicate[] {x}, new Predicate[] {x, y})).isFalse();
        assertThat(same(new Predicate[] {p("<", col("k"), lit(3))}, new Predicate[] {p("<", lit(3), col("k"))}))
                .isFalse();
        assertThat(same(new Predicate[] {p("=", col("k"), lit(1))}, new Predicate[] {p("=", col("k"), lit(1L))}))
                .as("an int and a long literal").isFalse();
        assertThat(same(new Predicate[] {p("IN", col("k"), lit(1), lit(2))},
                new Predicate[] {p("IN", col("k"), lit(1), lit(2), lit(3))})).isFalse();
        assertThat(same(new Predicate[] {p("IN", col("k"), lit(1), lit(2))},
                new Predicate[] {p("IN", lit(1), col("k"), lit(2))})).as("the tested value is not a list element")
                .isFalse();
        // a value that spells out the separators of two values is still one value
        assertThat(same(new Predicate[] {p("IN", col("s"), lit("a"), lit("b"))},
                new Predicate[] {p("IN", col("s"), lit("a), lit(string:b"))})).isFalse();
        assertThat(same(new Predicate[] {p("=", Expressions.column("a.b"), lit(1))},
                new Predicate[] {p("=", col("ab"), lit(1))})).isFalse();
        assertThat(same(new Predicate[] {p("=", col("b"), lit(new byte[] {1, 2}))},
                new Predicate[] {p("=", col("b"), lit(new byte[] {1, 3}))})).isFalse();
        // expressions and literal values it does not model are equal to nothing
        Predicate cast = p("=", new Cast(col("k"), DataTypes.IntegerType, DataTypes.LongType), lit(1L));
        assertThat(same(new Predicate[] {cast}, new Predicate[] {cast})).isFalse();
        Expression array = new LiteralValue<>(new GenericArrayData(new Object[] {1, 2}),
                DataTypes.createArrayType(DataTypes.IntegerType));
        assertThat(same(new Predicate[] {p("=", col("a"), array)}, new Predicate[] {p("=", col("a"), array)}))
                .isFalse();
        assertThat(same(new Predicate[] {p("IN")}, new Predicate[] {p("IN")})).isFalse();
    }
}
