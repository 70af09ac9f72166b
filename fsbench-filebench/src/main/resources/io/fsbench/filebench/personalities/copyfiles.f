# fsbench personality, written for fsbench in its own words; the parameters are
# those of filebench 1.5's shipped workload of the same name. Scaling: docs/filebench.md.
#
# Copy a tree file by file into a second, empty tree, until every copy exists (mode firstdone).

set $dir=/tmp
set $nfiles=1000
set $meandirwidth=20
set $meanfilesize=16k
set $iosize=1m
set $nthreads=1
set mode quit firstdone

define fileset name=source,path=$dir,entries=$nfiles,size=$meanfilesize,dirwidth=$meandirwidth,prealloc=100,paralloc
define fileset name=copies,path=$dir,entries=$nfiles,size=$meanfilesize,dirwidth=$meandirwidth,prealloc=0

define process name=copier,instances=1
{
  thread name=worker,memsize=10m,instances=$nthreads
  {
    flowop openfile name=opensrc,filesetname=source,fd=1
    flowop readwholefile name=readsrc,fd=1,iosize=$iosize
    flowop createfile name=createdst,filesetname=copies,fd=2
    flowop writewholefile name=writedst,fd=2,srcfd=1,iosize=$iosize
    flowop closefile name=closesrc,fd=1
    flowop closefile name=closedst,fd=2
  }
}

run 60
