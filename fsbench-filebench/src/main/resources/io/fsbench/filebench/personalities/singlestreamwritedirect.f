# fsbench personality, written for fsbench in its own words; the parameters are
# those of filebench 1.5's shipped workload of the same name. Scaling: docs/filebench.md.
#
# One thread appending 1 MiB writes (O_DIRECT) to one file that starts empty and grows for the whole run. filebench's file has no run line; this one runs 60 s.

set $dir=/tmp
set $iosize=1m
set $nthreads=1

define file name=bigfile,path=$dir,size=0,prealloc

define process name=seqwriter,instances=1
{
  thread name=writer,memsize=10m,instances=$nthreads
  {
    flowop write name=seqwrite,filesetname=bigfile,iosize=$iosize,directio
  }
}

run 60
