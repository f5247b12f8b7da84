<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="invader" tilewidth="40" tileheight="40" tilecount="11" columns="8">
 <image source="invader.png" width="320" height="80"/>
 <tile id="0">
  <properties>
   <property name="tile" value="deck_plate"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="tile" value="deck_guide_h"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="tile" value="deck_guide_v"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="tile" value="grating"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="tile" value="lab_floor"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="tile" value="security_floor"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="tile" value="oxygen_floor"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="tile" value="airlock_floor"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="tile" value="regolith"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="tile" value="regolith_rocks"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="tile" value="crater"/>
  </properties>
 </tile>
</tileset>
