/**
 * The footer's flatbuffer forms of public types: dtypes ({@link io.jvortex.internal.format.DTypeFlatbuffers})
 * and statistics ({@link io.jvortex.internal.format.StatisticsTables}). Not API.
 */
package io.jvortex.internal.format;
