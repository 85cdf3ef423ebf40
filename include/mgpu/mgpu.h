/// \file
/// \brief Every mgpu algorithm in one include.
#pragma once

#include <mgpu/search.h>
#include <mgpu/merge.h>
