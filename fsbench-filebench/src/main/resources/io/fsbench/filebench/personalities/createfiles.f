# fsbench personality, written for fsbench in its own words; the parameters are
# those of filebench 1.5's shipped workload of the same name. Scaling: docs/filebench.md.
#
# Create files and write each whole, until every file exists (mode firstdone).

set $dir=/tmp
set $nfiles=50000
set $meandirwidth=100
set $meanfilesize=16k
set $iosize=1m
set $nthreads=16
set mode quit firstdone

define fileset name=newfiles,path=$dir,entries=$nfiles,size=$meanfilesize,dirwidth=$meandirwidth

define process name=creator,instances=1
{
  thread name=worker,memsize=10m,instances=$nthreads
  {
    flowop createfile name=create,filesetname=newfiles,fd=1
    flowop writewholefile name=fill,fd=1,iosize=$iosize
    flowop closefile name=close,fd=1
  }
}

run 60
