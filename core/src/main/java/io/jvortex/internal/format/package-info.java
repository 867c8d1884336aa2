/**
 * The footer's flatbuffer forms of public types: dtypes ({@link io.jvortex.internal.format.DTypeFlatbuffers})
 * and statistics ({@link io.jvortex.internal.format.StatisticsTables}); and the metadata records of the
 * canonical encodings that {@code spi.CanonicalEncoder} writes and the encodings' decoders read
 * ({@link io.jvortex.internal.format.DecimalMetadata}, {@link io.jvortex.internal.format.ListMetadata},
 * {@link io.jvortex.internal.format.ListViewMetadata}, {@link io.jvortex.internal.format.VarBinMetadata}),
 * which live here because {@code spi} sits below the encoding packages. Not API.
 */
package io.jvortex.internal.format;
